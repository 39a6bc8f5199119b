import { describe, expect, it } from 'vitest';
import { MAINTENANCE_FREQUENCIES, MERIDIEMS, maintenanceBodySchema, maintenanceCron, maintenanceFields, type MaintenanceFields } from '../../src/instances/maintenance';

describe('the maintenance window’s cron', () => {
  it('is every Monday at midnight by default, read back as the form shows it', () => {
    expect(maintenanceFields('0 0 * * 1')).toEqual({ frequency: 'weekly', day: 1, hour: 12, meridiem: 'AM', minute: 0 });
  });

  it('turns every form choice into a cron and back to the same choice', () => {
    for (const frequency of MAINTENANCE_FREQUENCIES) {
      for (const meridiem of MERIDIEMS) {
        for (const hour of [1, 6, 11, 12]) {
          for (const day of frequency === 'daily' ? [1] : [0, 3, 6]) {
            const fields: MaintenanceFields = { frequency, day, hour, meridiem, minute: 45 };
            expect(maintenanceFields(maintenanceCron(fields))).toEqual(fields);
          }
        }
      }
    }
  });

  it('puts 12 AM at hour 0 and 12 PM at hour 12, the first weekday of the month as D#1', () => {
    expect(maintenanceCron({ frequency: 'daily', day: 1, hour: 12, meridiem: 'AM', minute: 0 })).toBe('0 0 * * *');
    expect(maintenanceCron({ frequency: 'weekly', day: 5, hour: 12, meridiem: 'PM', minute: 30 })).toBe('30 12 * * 5');
    expect(maintenanceCron({ frequency: 'monthly', day: 0, hour: 2, meridiem: 'AM', minute: 0 })).toBe('0 2 * * 0#1');
  });

  it('accepts only the crons the form makes', () => {
    for (const cron of ['* * * * *', '0 24 * * 1', '60 0 * * 1', '0 0 1 * *', '0 0 * * 7', '0 0 * * 1#2', '0 0 * * 1,3', '0 0 * * 1 2026']) {
      expect(maintenanceFields(cron), cron).toBeNull();
      expect(maintenanceBodySchema.safeParse({ cron }).success, cron).toBe(false);
    }
    expect(maintenanceBodySchema.safeParse({ cron: '59 23 * * 6#1' }).success).toBe(true);
    // Typed text is trimmed first, as everywhere.
    expect(maintenanceBodySchema.parse({ cron: ' 0 0 * * 1 ' })).toEqual({ cron: '0 0 * * 1' });
  });
});

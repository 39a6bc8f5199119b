import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { QR_NOT_DRAWN, TotpEnrolment } from './TotpEnrolment';

// The encoder is fetched when the step shows; here that fetch fails (a chunk lost in a deploy, say).
vi.mock('qrcode', () => {
  throw new Error('Loading chunk qrcode failed');
});

const enrolment = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Replay:ada?secret=JBSWY3DPEHPK3PXP&issuer=Replay' };

describe('TotpEnrolment', () => {
  it('says so and keeps the key to type when the QR code cannot be drawn', async () => {
    renderWithProviders(<TotpEnrolment enrolment={enrolment} onConfirmed={() => undefined} onCancel={() => undefined} />);
    expect(await screen.findByText(QR_NOT_DRAWN)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code of your two-factor secret' })).not.toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(enrolment.secret);
  });
});

import { describe, expect, it } from 'vitest';
import { maskEvents } from '../src/logger.ts';

/** The agent's second masking pass on rrweb Plugin events (type 6), such as the tracker's console messages. */
const OPTIONS = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 0 as const, obscureEmailData: false, obscureNumericData: false };
const consoleEvent = (payload: string[], trace: string[] = []) => ({ type: 6, timestamp: 5, data: { plugin: 'rrweb/console@1', payload: { level: 'warn', payload, trace } } });

describe('maskEvents on Plugin events', () => {
  it('leaves them as sent when nothing is obscured', () => {
    const events = [consoleEvent(['"call 555 0100"'])];
    expect(maskEvents(OPTIONS, events)).toBe(events);
  });

  it('obscures e-mail addresses in every message, one * per character', () => {
    const [masked] = maskEvents({ ...OPTIONS, obscureEmailData: true }, [consoleEvent(['"user bo@shop.example signed in"', '{"to":"ann@ex.org"}'])]);
    expect(masked).toEqual(consoleEvent(['"user *************** signed in"', '{"to":"**********"}']));
  });

  it('obscures digits in messages and trace but not in the plugin’s name, nor the timestamp', () => {
    const [masked] = maskEvents({ ...OPTIONS, obscureNumericData: true }, [consoleEvent(['"card 4242"'], ['at f (app.js:3:9)'])]);
    expect(masked).toEqual(consoleEvent(['"card ****"'], ['at f (app.js:*:*)']));
  });

  it('masks a Plugin event of another plugin whole but for its name, and one without a name like any event', () => {
    const other = { type: 6, timestamp: 1, data: { plugin: 'acme/net@2', payload: { url: 'https://x.example/u/7' } } };
    const nameless = { type: 6, timestamp: 1, data: { payload: 'v2' } };
    expect(maskEvents({ ...OPTIONS, obscureNumericData: true }, [other, nameless])).toEqual([
      { type: 6, timestamp: 1, data: { plugin: 'acme/net@2', payload: { url: 'https://x.example/u/*' } } },
      { type: 6, timestamp: 1, data: { payload: 'v*' } },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { contentResults, settingsPatch } from './adminOperations';
import { CERTIFICATE_CODE_PATTERN, certificateCode, normalizeCertificateCode } from './certificateCode';

describe('the admin’s settings change (admin §4/§5)', () => {
  it('trims the message, a blank one clearing it, and changes only what is given', () => {
    expect(settingsPatch({ system_message: '  Back at 18:00 ' })).toEqual({
      system_message: 'Back at 18:00',
    });
    expect(settingsPatch({ system_message: '   ', system_message_type: 'warning' })).toEqual({
      system_message: null,
      system_message_type: 'warning',
    });
    expect(settingsPatch({ maintenance_mode: true })).toEqual({ maintenance_mode: true });
  });

  it('turning maintenance off clears the message and resets its type to info', () => {
    expect(
      settingsPatch({ maintenance_mode: false, system_message: 'x', system_message_type: 'error' }),
    ).toEqual({
      maintenance_mode: false,
      system_message: null,
      system_message_type: 'info',
    });
  });
});

describe('what a content operation answers (admin §8)', () => {
  const summary = { inserted: 2, updated: 1, deactivated: 0 };
  it('words each outcome', () => {
    expect(contentResults.allLoaded(5, summary)).toEqual({
      success: true,
      message: 'Loaded 5 modules: 2 lessons created, 1 updated, 0 deactivated',
      lessonsCreated: 2,
      lessonsUpdated: 1,
      lessonsDeactivated: 0,
    });
    expect(contentResults.moduleLoaded(3, summary).message).toBe(
      'Module 3 loaded: 2 lessons created, 1 updated, 0 deactivated',
    );
    expect(contentResults.moduleMissing(6)).toEqual({
      success: false,
      message: 'Module 6 not found content not available',
      lessonsCreated: 0,
    });
    expect(contentResults.imagesRefreshed(25)).toEqual({
      success: true,
      message: 'Refreshed 25 images',
      lessonsCreated: 0,
    });
    expect(contentResults.failed('x')).toMatchObject({ success: false, message: 'x', lessonsUpdated: 0 });
  });
});

describe('the certificate code', () => {
  it('reads CK-XXXX-XXXX-XXXX, with no 0, O, 1 or I', () => {
    const code = certificateCode(Uint8Array.from({ length: 12 }, (_, i) => i * 37));
    expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(certificateCode(new Uint8Array(12))).toBe('CK-2222-2222-2222');
    expect(normalizeCertificateCode(' ck-abcd-efgh-jkmn ')).toBe('CK-ABCD-EFGH-JKMN');
    expect(() => certificateCode(new Uint8Array(4))).toThrow(RangeError);
  });
});

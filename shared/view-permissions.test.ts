import { describe, expect, it } from 'vitest';
import { allowAttribute, permissionLabel, permissionsObject, splitPermissions } from './view-permissions.ts';

describe('View permissions', () => {
  it('maps each permission the extension defines to its Permissions Policy feature', () => {
    expect(allowAttribute(['camera', 'microphone', 'geolocation', 'clipboardWrite'])).toBe(
      'camera; microphone; geolocation; clipboard-write',
    );
    expect(allowAttribute(['camera'], '*')).toBe('camera *');
  });

  it('grants nothing for nothing granted, and never a name the extension does not define', () => {
    expect(allowAttribute([])).toBe('');
    expect(allowAttribute(['fullscreen', 'camera; geolocation *', '__proto__', 'toString'])).toBe('');
    expect(allowAttribute(['camera', 'camera'])).toBe('camera');
    expect(permissionsObject(['clipboardWrite', 'usb'])).toEqual({ clipboardWrite: {} });
  });

  it('splits what a View asks for into known permissions and others, and names them for people', () => {
    expect(splitPermissions(['camera', 'usb', 'clipboardWrite', 'constructor'])).toEqual({
      known: ['camera', 'clipboardWrite'],
      unknown: ['usb', 'constructor'],
    });
    expect(permissionLabel('clipboardWrite')).toBe('Write to the clipboard');
    expect(permissionLabel('usb')).toBe('usb');
  });
});

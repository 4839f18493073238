import { describe, expect, it } from 'vitest';
import { PermissionGrants } from './permission-grants.ts';

describe('PermissionGrants', () => {
  it('remembers the answer per View and request until the connection changes', () => {
    const grants = new PermissionGrants();
    expect(grants.decisionFor('ui://a', ['camera'])).toBeUndefined();
    grants.decide('ui://a', ['camera', 'microphone'], true);
    grants.decide('ui://b', ['geolocation'], false);
    expect(grants.decisionFor('ui://a', ['microphone', 'camera'])?.granted).toEqual(['camera', 'microphone']);
    expect(grants.decisionFor('ui://b', ['geolocation'])?.granted).toEqual([]);
    // A View that asks for more is asked again.
    expect(grants.decisionFor('ui://a', ['camera', 'microphone', 'geolocation'])).toBeUndefined();
    grants.clear();
    expect(grants.decisionFor('ui://a', ['camera', 'microphone'])).toBeUndefined();
  });
});

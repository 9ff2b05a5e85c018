import { describe, expect, it } from 'vitest';
import { makeLoginAnswer } from '../test-utils';
import {
  clearSession,
  getSession,
  storeSession,
  tenantHeaders,
  updateStoredOrganization,
} from './auth-store';
import {
  LOGOUT_KEYS,
  readDirection,
  readMenuCollapsed,
  readSkin,
  STORAGE_KEYS,
  writeDirection,
  writeMenuCollapsed,
} from './storage';

describe('local storage keys', () => {
  it('uses the keys of the specification', () => {
    expect(STORAGE_KEYS).toEqual({
      accessToken: 'accessToken',
      refreshToken: 'refreshToken',
      userData: 'userData',
      organization: 'organization',
      skin: 'skin',
      direction: 'direction',
      menuCollapsed: 'menuCollapsed',
    });
  });

  it('stores a sign-in as tokens plus userData and organization JSON', () => {
    const answer = makeLoginAnswer();
    storeSession(answer);
    expect(localStorage.getItem('accessToken')).toBe(answer.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe(answer.refreshToken);
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(answer.userData);
    expect(JSON.parse(localStorage.getItem('organization')!)).toEqual(answer.organization);
    expect(getSession()?.userData.fullName).toBe('Jane Admin');
    expect(tenantHeaders()).toEqual({
      organization: answer.organization._id,
      assigner: '',
      isemployee: 'false',
    });
  });

  it('logout clears user, tokens, organization and the shop keys but keeps the preferences', () => {
    storeSession(makeLoginAnswer());
    for (const key of ['shopId', 'onboarding', 'zipCode', 'terminal', 'posUser', 'location']) {
      localStorage.setItem(key, 'x');
    }
    localStorage.setItem('skin', 'dark');
    writeDirection('rtl');
    writeMenuCollapsed(true);

    clearSession();

    for (const key of LOGOUT_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(LOGOUT_KEYS).toEqual([
      'userData',
      'accessToken',
      'refreshToken',
      'organization',
      'shopId',
      'onboarding',
      'zipCode',
      'terminal',
      'posUser',
      'location',
    ]);
    expect(getSession()).toBeNull();
    expect(readSkin()).toBe('dark');
    expect(readDirection()).toBe('rtl');
    expect(readMenuCollapsed()).toBe(true);
  });

  it('reads safe defaults and ignores broken JSON', () => {
    expect(readSkin()).toBe('light');
    expect(readDirection()).toBe('ltr');
    expect(readMenuCollapsed()).toBe(false);
    localStorage.setItem('accessToken', 'x');
    localStorage.setItem('userData', '{broken');
    localStorage.setItem('organization', '{}');
    clearSession();
    localStorage.setItem('userData', '{broken');
    expect(getSession()).toBeNull();
  });

  it('updates the stored organisation in place', () => {
    storeSession(makeLoginAnswer());
    updateStoredOrganization({ themeColor: '#00ff00' });
    expect(getSession()?.organization.themeColor).toBe('#00ff00');
    expect(JSON.parse(localStorage.getItem('organization')!).themeColor).toBe('#00ff00');
  });
});

import {
  PAYROLL_TEXT,
  type PayrollPendingAnswer,
  TIPS_TEXT,
  type TipLocationAnswer,
  type TipPoolAnswer,
  type TipPoolBody,
  type TipRoleAnswer,
  type TipShareAnswer,
} from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import type { vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { errorResponse, jsonResponse, makeLoginAnswer } from '../../../test-utils';

// A stand-in for the tip and payroll routes the Tips tab calls, holding its rows in memory the
// way the server does (pools newest first, ten a page), for the component tests.

export const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const BAR: TipLocationAnswer = { _id: id(101), name: 'Bar', poolId: null, poolName: null };
export const DINING: TipLocationAnswer = { _id: id(102), name: 'Dining room', poolId: null, poolName: null };
export const SERVER_ROLE: TipRoleAnswer = {
  roleId: id(201),
  name: 'Server',
  sharesTips: true,
  isDefault: true,
};
export const MANAGER_ROLE: TipRoleAnswer = {
  roleId: id(202),
  name: 'Manager',
  sharesTips: false,
  isDefault: true,
};

export function makePool(n: number, name: string): TipPoolAnswer {
  return {
    _id: id(300 + n),
    name,
    basis: 'hours',
    locations: [{ _id: DINING._id, name: DINING.name }],
    roles: [{ roleId: SERVER_ROLE.roleId, name: 'Server', points: null, share: null, sharesTips: true }],
    dayShifts: [],
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
  };
}

export const SHARE: TipShareAnswer = {
  startDate: '2025-06-01',
  endDate: '2025-06-07',
  pools: [],
  employees: [
    {
      _id: id(11),
      fullName: 'Dana Diaz',
      photo: null,
      email: null,
      phone: null,
      salary: { wageType: 'hourly' },
      roles: ['Server'],
      ccTip: 6_667,
      cashTip: 1_667,
      workedHours: 6,
      workedMinutes: 360,
      totalAmount: 8_334,
      cashTipOwed: 1_667,
    },
    {
      _id: id(12),
      fullName: 'Eli Evans',
      photo: null,
      email: null,
      phone: null,
      salary: { wageType: 'hourly' },
      roles: ['Server'],
      ccTip: 3_333,
      cashTip: 833,
      workedHours: 3,
      workedMinutes: 180,
      totalAmount: 4_166,
      cashTipOwed: 833,
    },
  ],
  totals: { cardTipsCents: 10_000, cashTipsCents: 2_500, unsharedCardCents: 0, unsharedCashCents: 0 },
};

export function pendingWithTips(): PayrollPendingAnswer {
  const line = {
    contactId: id(11),
    fullName: 'Dana Diaz',
    wageType: 'hourly',
    source: 'work_history' as const,
    regularMinutes: 360,
    overtimeMinutes: 0,
    classes: 0,
    sessions: 1,
    rateCents: 2000,
    regularCents: 12_000,
    overtimeCents: 0,
    grossCents: 12_000,
    cardTipsCents: 6_667,
    deductionsCents: 0,
    netCents: 18_667,
    note: '1 confirmed work session',
  };
  return {
    payCycle: 'weekly',
    periodStart: '2025-06-01',
    periodEnd: '2025-06-07',
    status: 'preview',
    runId: null,
    refreshedAt: null,
    lines: [line],
    totals: { slips: 1, grossCents: 12_000, cardTipsCents: 6_667, deductionsCents: 0, netCents: 18_667 },
  };
}

export interface TipServer {
  pools: TipPoolAnswer[];
  syncFails: boolean;
}

const ok = <T>(message: string, data?: T) => jsonResponse({ success: true, message, data });

/** Signs in with full payroll rights and answers the tip routes from `state`. */
export function serveTips(fetchMock: ReturnType<typeof vi.fn>, state: TipServer) {
  const rules = [fullRule('payroll'), fullRule('tips')];
  const answer = makeLoginAnswer({ ability: buildAbility(rules), plan: { permissions: rules } });
  storeSession(answer);
  let next = 50;
  const toPool = (poolId: string, body: TipPoolBody): TipPoolAnswer => ({
    ...makePool(0, body.name),
    _id: poolId,
    basis: body.basis,
    locations: [BAR, DINING]
      .filter((l) => body.locationIds.includes(l._id))
      .map(({ _id, name }) => ({ _id, name })),
    roles: body.roles.map((r) => ({
      roleId: r.roleId,
      name: r.roleId === SERVER_ROLE.roleId ? 'Server' : 'Manager',
      points: r.points ?? null,
      share: r.share ?? null,
      sharesTips: r.roleId === SERVER_ROLE.roleId,
    })),
    dayShifts: body.dayShifts ?? [],
  });
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0] ?? '';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const poolId = path.match(/^\/api\/tip-management\/pools\/(.+)$/)?.[1];
    if (path === '/api/payroll/pending' && method === 'GET') return jsonResponse(pendingWithTips());
    if (path === '/api/tip-management/locations') return jsonResponse({ list: [BAR, DINING] });
    if (path === '/api/tip-management/roles') return jsonResponse({ list: [SERVER_ROLE, MANAGER_ROLE] });
    if (path === '/api/tip-management/pools' && method === 'GET') {
      const q = new URL(url, 'http://localhost').searchParams;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 10);
      const list = state.pools.slice((page - 1) * limit, page * limit);
      return jsonResponse({ list, total: state.pools.length, page, limit });
    }
    if (path === '/api/tip-management/pools' && method === 'POST') {
      const pool = toPool(id(next++), body);
      state.pools = [pool, ...state.pools];
      return ok(TIPS_TEXT.poolCreated, pool);
    }
    if (poolId && method === 'PUT') {
      const pool = toPool(poolId, body);
      state.pools = state.pools.map((p) => (p._id === poolId ? pool : p));
      return ok(TIPS_TEXT.poolUpdated, pool);
    }
    if (poolId && method === 'DELETE') {
      state.pools = state.pools.filter((p) => p._id !== poolId);
      return ok(TIPS_TEXT.poolDeleted);
    }
    if (path === '/api/tip-management/daily-tips' && method === 'PUT') {
      return ok(TIPS_TEXT.dailyTipsSaved, {
        ...body,
        locationName: 'Bar',
        source: 'manual',
        paid: false,
        updatedAt: '',
      });
    }
    if (path === '/api/tip-management/daily-tips') {
      return jsonResponse({ list: [], totals: { cardTipsCents: 0, cashTipsCents: 0 } });
    }
    if (path === '/api/tip-share') return jsonResponse(SHARE);
    if (path === '/api/tip-share/sync') {
      if (state.syncFails) return errorResponse(500, 'INTERNAL', 'Internal server error');
      return ok(TIPS_TEXT.synced, { days: 3, changed: 1, skippedPaid: 0, share: SHARE });
    }
    if (path.startsWith('/api/payroll')) return ok(PAYROLL_TEXT.refreshed);
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
}

import type {
  ActivityAnswer,
  AttendanceRow,
  BudgetAnswer,
  CategoryAnswer,
  EmployeeProfileAnswer,
  EmployeeShiftAnswer,
  MyScheduleAnswer,
  PoolEntryAnswer,
  PositionAnswer,
  RequestAnswer,
  ScheduleAnswer,
} from '@opsuite/shared/contracts/staff-schedule';
import type {
  BreakKind,
  MyClockAnswer,
  OverviewAnswer,
  ScreenshotAnswer,
  TimeSettings,
  WorkHistoryAnswer,
} from '@opsuite/shared/contracts/staff-time';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast, toastFailure } from '../../app/toast';

// TanStack Query hooks of the staff calls. Every key starts with ['staff', organisationId], so a
// write reloads every staff screen at once; each write toasts the catalogue's text (success) or
// its own failure text.

export interface Mutation<T> {
  success: true;
  message: string;
  data: T;
}

type Query = Record<string, string | number | undefined>;
export const staffKeys = {
  all: (orgId: string | undefined) => ['staff', orgId] as const,
  of: (orgId: string | undefined, what: string, query: Query = {}) => ['staff', orgId, what, query] as const,
};

function useStaffQuery<T>(what: string, path: string, query: Query = {}, enabled = true) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: staffKeys.of(orgId, what, query),
    queryFn: () => api.get<T>(path, { query }),
    enabled: Boolean(orgId) && enabled,
  });
}

/** A write that reloads the staff screens, toasting its answer's message or `failure`. */
export function useStaffWrite<V, R extends { message?: string }>(
  write: (variables: V) => Promise<R>,
  failure?: string,
) {
  const orgId = useOrganizationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
      void client.invalidateQueries({ queryKey: staffKeys.all(orgId) });
    },
    onError: (error) => toastFailure(error, failure),
  });
}

// ---- time ----

export const useMyClock = () => useStaffQuery<MyClockAnswer>('clock', '/contact/workhistory/current');
export const useTimeSettings = () => useStaffQuery<TimeSettings>('settings', '/staff/settings');
export const useOverview = (q: { startOfWeek: string; endOfWeek: string; page: number }) =>
  useStaffQuery<OverviewAnswer>('overview', '/contact/workhistory/overview', { ...q, pageSize: 50 });
export const useWorkList = (q: Query, enabled = true) =>
  useStaffQuery<{ list: WorkHistoryAnswer[]; totalWorkedMs: number }>(
    'work',
    '/contact/workhistory/list',
    q,
    enabled,
  );
export const useRunning = () =>
  useStaffQuery<{
    list: {
      historyId: string;
      contactId: string;
      fullName: string;
      startTime: string;
      onBreak: boolean;
      shiftName: string | null;
      workedMs: number;
    }[];
  }>('running', '/contact/workhistory/running');
export const useScreenshots = (historyId: string | null) =>
  useStaffQuery<{ list: ScreenshotAnswer[] }>(
    'shots',
    '/contact/workhistory/screenshot',
    { historyId: historyId ?? '' },
    !!historyId,
  );
export const useEdits = (historyId: string | null) =>
  useStaffQuery<{
    list: {
      _id: string;
      action: string;
      reason: string | null;
      actorName: string | null;
      at: string;
      changes: { field: string; from: string | null; to: string | null }[];
    }[];
  }>('edits', '/contact/workhistory/edits', { historyId: historyId ?? '' }, !!historyId);

const W = '/contact/workhistory';
export const useStartWork = () =>
  useStaffWrite(
    (body: { description?: string; shiftId?: string; shiftName?: string; captureStatus?: string }) =>
      api.post<Mutation<WorkHistoryAnswer>>(body.shiftId ? `${W}/startShiftWork` : `${W}/startwork`, body),
  );
export const useTakeBreak = () =>
  useStaffWrite((body: { kind: BreakKind; note?: string }) =>
    api.post<Mutation<WorkHistoryAnswer>>(`${W}/checkout`, body),
  );
/** Sets (or with null clears) the signed-in employee's punch PIN, or with contactId a manager's pick. */
export const useSavePunchPin = () =>
  useStaffWrite(({ contactId, pin }: { contactId?: string; pin: string | null }) =>
    api.put<Mutation<{ pinSet: boolean }>>(
      contactId ? `/staff/employees/${contactId}/pin` : '/staff/time-clock/pin',
      { pin },
    ),
  );
export const useEndBreak = () =>
  useStaffWrite((historyId: string) => api.post<Mutation<WorkHistoryAnswer>>(`${W}/endbreak`, { historyId }));
export const useEndWork = () =>
  useStaffWrite((historyId: string) => api.post<Mutation<WorkHistoryAnswer>>(`${W}/endwork`, { historyId }));
export const useConfirmWork = () =>
  useStaffWrite((historyId: string) => api.post<Mutation<WorkHistoryAnswer>>(`${W}/confirm`, { historyId }));
export const useManualWork = () =>
  useStaffWrite(
    (body: Record<string, unknown>) =>
      api.post<Mutation<WorkHistoryAnswer>>(`${W}/create-manual-workHistory`, body),
    STAFF_TEXT.timeHistoryUpdateFailed,
  );
export const useUpdateTime = () =>
  useStaffWrite(
    (body: Record<string, unknown>) =>
      api.post<Mutation<WorkHistoryAnswer>>(`${W}/update-time-work-history`, body),
    STAFF_TEXT.timeHistoryUpdateFailed,
  );
export const useDeleteBreak = () =>
  useStaffWrite((body: { historyId: string; breakId: string; reason?: string }) =>
    api.post<Mutation<WorkHistoryAnswer>>(`${W}/delete-breaktime`, body),
  );
export const useDeleteWork = () =>
  useStaffWrite(
    ({ id, reason }: { id: string; reason?: string }) =>
      api.delete<{ success: true; message: string }>(
        `${W}/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
      ),
    STAFF_TEXT.deleteWorkHistoryFailed,
  );
export const useDeleteScreenshot = () =>
  useStaffWrite((id: string) => api.delete<{ success: true; message: string }>(`${W}/screenshot/${id}`));
export const useSaveSettings = () =>
  useStaffWrite((body: Partial<TimeSettings>) => api.put<Mutation<TimeSettings>>('/staff/settings', body));

// ---- schedule ----

export const useSchedule = (q: { startOfWeek: string; endOfWeek: string; search?: string; page: number }) =>
  useStaffQuery<ScheduleAnswer>('schedule', '/employee-shifts', { ...q, pageSize: 50 });
export const useMySchedule = (q: { startOfWeek: string; endOfWeek: string }) =>
  useStaffQuery<MyScheduleAnswer>('mine', '/employee-shifts/mine', q);
export const useActivity = (skip: number, limit = 5) =>
  useStaffQuery<ActivityAnswer>('activity', '/employee-shifts/activity', { skip, limit });
export const useBudget = (q: { startOfWeek: string; endOfWeek: string }, enabled = true) =>
  useStaffQuery<BudgetAnswer>('budget', '/employee-budgets', q, enabled);
export const usePool = (status: 'offered' | 'all' = 'offered') =>
  useStaffQuery<{ list: PoolEntryAnswer[] }>('pool', '/employee-shifts/pool', { status });
export const useRequests = (kind: 'time-off' | 'reschedule', q: Query = {}) =>
  useStaffQuery<{ list: RequestAnswer[] }>(`requests-${kind}`, `/employee-shifts/${kind}`, q);
export const useAttendance = (q: { startOfWeek: string; endOfWeek: string }) =>
  useStaffQuery<{ list: AttendanceRow[] }>('attendance', '/employee-attendance', { ...q, pageSize: 200 });
export const useCategories = () =>
  useStaffQuery<{ list: CategoryAnswer[] }>('categories', '/employee-categories');
export const usePositions = () => useStaffQuery<{ list: PositionAnswer[] }>('positions', '/contact-position');
export const useEmployees = () =>
  useStaffQuery<{ list: EmployeeProfileAnswer[] }>('employees', '/staff/employees');

export interface ShiftInput {
  contactId?: string;
  shiftName?: string;
  positionIds?: string[];
  startDate?: string;
  endDate?: string;
  note?: string | null;
}
export const useCreateShift = () =>
  useStaffWrite(
    (body: ShiftInput) => api.post<Mutation<EmployeeShiftAnswer>>('/employee-shifts', body),
    STAFF_TEXT.saveShiftFailed,
  );
export const useUpdateShift = () =>
  useStaffWrite(
    ({ id, ...body }: ShiftInput & { id: string }) =>
      api.put<Mutation<EmployeeShiftAnswer>>(`/employee-shifts/${id}`, body),
    STAFF_TEXT.saveShiftFailed,
  );
export const useDeleteShift = () =>
  useStaffWrite(
    (id: string) => api.delete<{ success: true; message: string }>(`/employee-shifts/${id}`),
    STAFF_TEXT.deleteShiftFailed,
  );
export const usePublish = () =>
  useStaffWrite(
    ({
      action,
      ...week
    }: {
      action: 'publish' | 'revert' | 'copy-last-week';
      startOfWeek: string;
      endOfWeek: string;
    }) => api.post<Mutation<unknown>>(`/employee-shifts/${action}`, week),
    STAFF_TEXT.publishFailed,
  );
export const useRowOrder = () =>
  useStaffWrite(
    (contactIds: string[]) =>
      api.put<{ success: true; message: string }>('/employee-shifts/row-order', { contactIds }),
    STAFF_TEXT.reorderFailed,
  );
export const useSaveBudget = () =>
  useStaffWrite(
    (body: { startOfWeek: string; endOfWeek: string; days: { day: string; plannedSalesCents: number }[] }) =>
      api.put<Mutation<BudgetAnswer>>('/employee-budgets', body),
  );

const POOL = '/employee-shifts/pool';
export const usePoolAction = () =>
  useStaffWrite(
    ({
      id,
      action,
      contactId,
    }: {
      id: string;
      action: 'bid' | 'cancel-bid' | 'accept-trade';
      contactId?: string;
    }) => api.post<Mutation<PoolEntryAnswer>>(`${POOL}/${id}/${action}`, contactId ? { contactId } : {}),
    STAFF_TEXT.saveShiftPoolFailed,
  );
export const useOfferShift = () =>
  useStaffWrite(
    (body: { shiftId: string; note?: string | null }) => api.post<Mutation<PoolEntryAnswer>>(POOL, body),
    STAFF_TEXT.saveShiftPoolFailed,
  );
export const useWithdrawOffer = () =>
  useStaffWrite(
    (id: string) => api.delete<Mutation<PoolEntryAnswer>>(`${POOL}/${id}`),
    STAFF_TEXT.saveShiftPoolFailed,
  );
export const useTradeNotify = () =>
  useStaffWrite(
    (id: string) => api.post<Mutation<{ sent: number }>>(`${POOL}/${id}/trade-notify`),
    STAFF_TEXT.sendNotificationFailed,
  );

export const useAskTimeOff = () =>
  useStaffWrite((body: { startDate: string; endDate: string; reason: string }) =>
    api.post<Mutation<RequestAnswer>>('/employee-shifts/time-off', body),
  );
export const useAskReschedule = () =>
  useStaffWrite((body: { shiftId: string; startDate: string; endDate: string; reason: string }) =>
    api.post<Mutation<RequestAnswer>>('/employee-shifts/reschedule', body),
  );
export const useDecide = () =>
  useStaffWrite(
    ({
      kind,
      id,
      ...body
    }: {
      kind: 'time-off' | 'reschedule';
      id: string;
      status: 'approved' | 'denied';
      response?: string | null;
      shifts?: 'keep' | 'pool' | 'unassign';
    }) => api.put<Mutation<RequestAnswer>>(`/employee-shifts/${kind}/${id}`, body),
  );
export const useCancelRequest = () =>
  useStaffWrite(({ kind, id }: { kind: 'time-off' | 'reschedule'; id: string }) =>
    api.delete<Mutation<RequestAnswer>>(`/employee-shifts/${kind}/${id}`),
  );
export const useRecordAttendance = () =>
  useStaffWrite(
    (body: { contactId: string; shiftId: string; status: string; note?: string | null }) =>
      api.post<Mutation<unknown>>('/employee-attendance', body),
    STAFF_TEXT.saveAttendanceFailed,
  );

export const useSaveCategory = () =>
  useStaffWrite(
    ({ id, ...body }: { id?: string; name?: string; color?: string | null }) =>
      id
        ? api.put<Mutation<CategoryAnswer>>(`/employee-categories/${id}`, body)
        : api.post<Mutation<CategoryAnswer>>('/employee-categories', body),
    STAFF_TEXT.saveCategoriesFailed,
  );
export const useDeleteCategory = () =>
  useStaffWrite(
    (id: string) => api.delete<{ success: true; message: string }>(`/employee-categories/${id}`),
    STAFF_TEXT.saveCategoriesFailed,
  );
export const useSavePosition = () =>
  useStaffWrite(
    ({
      id,
      ...body
    }: {
      id?: string;
      name?: string;
      color?: string | null;
      hourlyCostCents?: number | null;
      categoryId?: string | null;
    }) =>
      id
        ? api.put<Mutation<PositionAnswer>>(`/contact-position/${id}`, body)
        : api.post<Mutation<PositionAnswer>>('/contact-position', body),
  );
export const useDeletePosition = () =>
  useStaffWrite((id: string) => api.delete<{ success: true; message: string }>(`/contact-position/${id}`));
export const useSaveEmployee = () =>
  useStaffWrite(
    ({
      contactId,
      ...body
    }: {
      contactId: string;
      categoryId?: string | null;
      positionIds?: string[];
      hourlyCostCents?: number | null;
    }) => api.put<Mutation<EmployeeProfileAnswer>>(`/staff/employees/${contactId}`, body),
  );
export const useRemoveEmployee = () =>
  useStaffWrite((contactId: string) =>
    api.delete<Mutation<EmployeeProfileAnswer>>(`/staff/employees/${contactId}`),
  );

import type {
  OffCycleBody,
  PayrollHistoryAnswer,
  PayrollPendingAnswer,
  PayrollReportAnswer,
  PayrollReportQuery,
  PayrollRunWithLinesAnswer,
  PayrollSettingsBody,
  SalaryAnswer,
  SalaryBody,
} from '@opsuite/shared';
import { PAYROLL_TEXT } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast, toastFailure } from '../../app/toast';
import type { PickerContact } from '../contacts';

// Payroll calls: salaries, the pay cycle, the pending list, runs, history and reports.

export const payrollKeys = {
  all: (orgId: string | undefined) => ['payroll', orgId] as const,
  salaries: (orgId: string | undefined) => ['payroll', orgId, 'salaries'] as const,
  settings: (orgId: string | undefined) => ['payroll', orgId, 'settings'] as const,
  pending: (orgId: string | undefined, periodStart: string | undefined) =>
    ['payroll', orgId, 'pending', periodStart ?? 'current'] as const,
  history: (orgId: string | undefined) => ['payroll', orgId, 'history'] as const,
  run: (orgId: string | undefined, id: string | null) => ['payroll', orgId, 'run', id] as const,
  report: (orgId: string | undefined, q: PayrollReportQuery | null) =>
    ['payroll', orgId, 'report', q] as const,
};

export function useSalaries() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.salaries(orgId),
    queryFn: () => api.get<{ list: SalaryAnswer[] }>('/employee-salary'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

export function usePayrollSettings() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.settings(orgId),
    queryFn: () => api.get<PayrollSettingsBody>('/payroll/settings'),
    enabled: Boolean(orgId),
  });
}

export function usePending(periodStart: string | undefined) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.pending(orgId, periodStart),
    queryFn: () => api.get<PayrollPendingAnswer>('/payroll/pending', { query: { periodStart } }),
    enabled: Boolean(orgId),
  });
}

export function useHistory() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.history(orgId),
    queryFn: () => api.get<PayrollHistoryAnswer>('/payroll/history'),
    enabled: Boolean(orgId),
  });
}

export function useRun(id: string | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.run(orgId, id),
    queryFn: () => api.get<PayrollRunWithLinesAnswer>(`/payroll/report/${id}`),
    enabled: Boolean(orgId && id),
  });
}

export function useReport(q: PayrollReportQuery | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: payrollKeys.report(orgId, q),
    queryFn: () => api.get<PayrollReportAnswer>('/payroll/report', { query: { ...q } }),
    enabled: Boolean(orgId && q),
  });
}

/** A write toasts the server's message and reads every payroll list again. */
function usePayrollWrite<V, A extends { message: string }>(
  write: (variables: V) => Promise<A>,
  failure?: string,
) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: write,
    meta: failure ? { errorToast: false } : undefined,
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: payrollKeys.all(orgId) });
    },
    onError: failure ? (error) => toastFailure(error, failure) : undefined,
  });
}

type Answer<T> = { success: true; message: string; data: T };

export const useSaveSalary = () =>
  usePayrollWrite(({ contactId, ...body }: SalaryBody & { contactId: string }) =>
    api.put<Answer<SalaryAnswer>>(`/employee-salary/${contactId}`, body),
  );
export const useRemoveSalary = () =>
  usePayrollWrite((contactId: string) => api.delete<{ message: string }>(`/employee-salary/${contactId}`));
export const useSaveSettings = () =>
  usePayrollWrite((body: PayrollSettingsBody) =>
    api.put<Answer<PayrollSettingsBody>>('/payroll/settings', body),
  );
export const useRefreshPending = () =>
  usePayrollWrite(
    (periodStart: string) => api.post<Answer<PayrollPendingAnswer>>('/payroll/pending', { periodStart }),
    PAYROLL_TEXT.unableToCreate,
  );
export const useRunPayroll = () =>
  usePayrollWrite(
    (periodStart: string) => api.post<Answer<PayrollRunWithLinesAnswer>>('/payroll/run', { periodStart }),
    PAYROLL_TEXT.unableToCreate,
  );
export const useClearDraft = () =>
  usePayrollWrite((id: string) => api.delete<{ message: string }>(`/payroll/pending/${id}`));
export const useRunOffCycle = () =>
  usePayrollWrite(
    (body: OffCycleBody) => api.post<Answer<PayrollRunWithLinesAnswer>>('/payroll/run-offcycle', body),
    PAYROLL_TEXT.unableToCreate,
  );

export const useVoidRun = () =>
  usePayrollWrite(({ id, reason }: { id: string; reason: string }) =>
    api.post<Answer<PayrollRunWithLinesAnswer>>(`/payroll/report/${id}/void`, { reason }),
  );
export const useMarkPaidOut = () =>
  usePayrollWrite((id: string) =>
    api.post<Answer<PayrollRunWithLinesAnswer>>(`/payroll/report/${id}/paid-out`, {}),
  );

/** Picker options with each contact's wage type, so the picker refuses employees without one. */
export async function pickerWithWages(q: string, page: number, signal?: AbortSignal) {
  const [found, salaries] = await Promise.all([
    api.get<{ list: PickerContact[]; pagination: { page: number; pageSize: number; hasMore: boolean } }>(
      '/contact/search-name',
      { query: { q, page, pageSize: 10, staff: 'true' }, signal },
    ),
    api.get<{ list: SalaryAnswer[] }>('/employee-salary', { signal }),
  ]);
  const wage = new Map(salaries.list.map((s) => [s.contactId, s.wageType]));
  return { ...found, list: found.list.map((c) => ({ ...c, salary: { wageType: wage.get(c._id) ?? null } })) };
}

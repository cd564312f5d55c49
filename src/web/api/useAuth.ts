import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DisplayPrefs } from '../../core/i18n/format';
import { companyToday } from '../../core/time/company-time';
import { api, isApiError } from './client';
import { dropKeptAnswers } from './keptAnswers';

/** The signed-in user, company and permission codes (GET /api/auth/me), and the sign-in/out calls. */
export interface Me {
  user: {
    id: number;
    username: string;
    fullName: string;
    preferredLanguage: string | null;
    isSuperuser: boolean;
    isInstanceAdmin: boolean;
    avatar: string | null;
    /** An administrator set the password: the app shows only the password change until it is done. */
    mustChangePassword: boolean;
  };
  company: {
    id: number;
    nameEn: string;
    nameAr: string;
    currency: string;
    currencyDecimals: number;
    defaultLanguage: string;
    logo: string | null;
    /** IANA zone of the company's calendar: its today is `useCompanyToday()`. */
    timeZone: string;
    /** The company's display default (users who chose none). */
    calendar: DisplayPrefs['calendar'];
    digits: DisplayPrefs['digits'];
    /** Country pack code (accounting/model/country-packs). */
    country?: string;
  };
  /** The effective calendar and digits: the user's, else the company's (see `useFormat`). */
  display: DisplayPrefs;
  permissions: string[];
}

export const meKey = ['me'] as const;

/** The signed-in user's query: one definition for the hook and the first page's early fetch (main.tsx). */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: () => api<Me>('/api/auth/me'),
  staleTime: 5 * 60_000,
  retry: (count: number, e: Error) => !isApiError(e, 401) && !isApiError(e, 403) && count < 2,
});

export function useMe() {
  return useQuery(meQuery);
}

/**
 * The company's date today (core/time/company-time.ts), not the browser's nor UTC's: the default of every date a
 * form or a report fills in. Returns a function, read when the default is needed.
 */
export function useCompanyToday(): () => string {
  const { data } = useMe();
  const timeZone = data?.company.timeZone ?? browserTimeZone();
  return useCallback(() => companyToday({ timeZone }), [timeZone]);
}

/** The browser's own IANA zone: sign-up's suggestion for the company. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function can(me: Me | undefined, code: string | undefined): boolean {
  if (!code) return true;
  if (!me) return false;
  return me.user.isSuperuser || me.permissions.includes(code);
}

/** `can(code)` for the signed-in user. */
export function useCan(): (code: string | undefined) => boolean {
  const { data } = useMe();
  return (code) => can(data, code);
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => api<Me>('/api/auth/login', { method: 'POST', body }),
    onSuccess: (me) => {
      void dropKeptAnswers();
      qc.clear();
      qc.setQueryData(meKey, me);
    },
  });
}

/** Sign out. The caller leaves the signed-in pages first, then calls `forget()` to drop the cached data. */
export function useLogout() {
  const qc = useQueryClient();
  const mutation = useMutation({ mutationFn: () => api('/api/auth/logout', { method: 'POST' }) });
  return { ...mutation, forget: () => { void dropKeptAnswers(); qc.clear(); } };
}

export interface SignupBody {
  companyNameEn: string;
  companyNameAr: string;
  currency: string;
  timeZone: string;
  /** Country pack code; fiscal year's first month 1-12; tax number (optional, checked by the pack). */
  country: string;
  fiscalYearStartMonth: number;
  taxNumber: string;
  username: string;
  fullName: string;
  password: string;
}

export function useSignupStatus() {
  return useQuery({ queryKey: ['signup'], queryFn: () => api<{ enabled: boolean }>('/api/auth/signup') });
}

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api<Partial<Me>>('/api/auth/signup', { method: 'POST', body }),
    onSuccess: () => {
      qc.clear();
    },
  });
}

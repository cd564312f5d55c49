import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';

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
  };
  company: {
    id: number;
    nameEn: string;
    nameAr: string;
    currency: string;
    currencyDecimals: number;
    defaultLanguage: string;
    logo: string | null;
  };
  permissions: string[];
}

export const meKey = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: () => api<Me>('/api/auth/me'),
    staleTime: 5 * 60_000,
    retry: (count, e) => !isApiError(e, 401) && !isApiError(e, 403) && count < 2,
  });
}

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
      qc.clear();
      qc.setQueryData(meKey, me);
    },
  });
}

/** Sign out. The caller leaves the signed-in pages first, then calls `forget()` to drop the cached data. */
export function useLogout() {
  const qc = useQueryClient();
  const mutation = useMutation({ mutationFn: () => api('/api/auth/logout', { method: 'POST' }) });
  return { ...mutation, forget: () => qc.clear() };
}

export interface SignupBody {
  companyNameEn: string;
  companyNameAr: string;
  currency: string;
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

import { assignableRoles, type Channel, type Role, type UserType } from '@onsite/domain';
import { CreateUserSchema, UpdateUserSchema } from '@onsite/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { detailsToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { notify } from '../../../lib/notify';
import type { Profile } from '../../../lib/session/session';
import { useInviteUser, useSetUserTags, useUpdateUser, type UserProfile } from '../api/users';
import { useCompanyChoice } from './use-company-choice';

export type UserValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  companyId: string | null;
  hasKibanaAccess: boolean;
  countriesFilter: string[];
  countriesToOrder: string[];
  dashboardTags: string[];
  tags: string[];
  channels: Channel[];
};

/** The user dialog's form: its values and errors, what the viewer may set, and saving (invite, or change and tags). */
export function useUserForm({ user, viewer, onClose }: { user: UserProfile | null; viewer: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = viewer.type === 'BL' && !viewer.blUser;
  const invite = useInviteUser();
  const update = useUpdateUser();
  const setTags = useSetUserTags();
  const company = useCompanyChoice(staff && user === null);
  const [serverError, setServerError] = useState<string | null>(null);

  const [v, setValues] = useState<UserValues>(() => ({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: user?.role ?? '',
    companyId: user?.company._id ?? (staff ? null : (viewer.company?._id ?? null)),
    hasKibanaAccess: user?.hasKibanaAccess ?? false,
    countriesFilter: user?.countriesFilter ?? [],
    countriesToOrder: user?.countriesToOrder ?? [],
    dashboardTags: user?.dashboardTags ?? [],
    tags: user?.tags ?? [],
    channels: ['email'],
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = {
    setValue: <K extends keyof UserValues>(key: K, value: UserValues[K]) => form.setValues({ [key]: value } as Partial<UserValues>),
    // A changed field drops its error; the next save checks again.
    setValues: (patch: Partial<UserValues>) => {
      setValues((previous) => ({ ...previous, ...patch }));
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !(key in patch))));
    },
  };
  const companyType: UserType | undefined = user?.type ?? (staff ? (company.chosen?.type as UserType | undefined) : viewer.type);
  const roles = companyType ? assignableRoles(companyType) : [];
  const supervisorNeedsPhone = v.role === 'SUPERVISOR' && !v.phone;

  const toPayload = () => {
    const base = {
      firstName: v.firstName,
      lastName: v.lastName,
      ...(v.phone ? { phone: v.phone } : {}),
      role: v.role as Role,
      ...(staff && companyType === 'OEM' ? { hasKibanaAccess: v.role === 'MANAGEMENT' ? true : v.hasKibanaAccess } : {}),
      ...(staff && companyType === 'BL' ? { countriesFilter: v.countriesFilter } : {}),
      // The countries an OEM user orders for (they choose the header's contacts) and the dashboard's tags: staff only.
      ...(staff && companyType === 'OEM' ? { countriesToOrder: v.countriesToOrder, dashboardTags: v.dashboardTags } : {}),
    };
    return base;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.details.length > 0) setErrors(detailsToErrors(error.details, (path) => (path in v ? path : null)));
      setServerError(messageOf(error));
    }
  };

  const submit = async () => {
    setServerError(null);
    const problems: Record<string, string> = {};
    if (!v.firstName.trim()) problems.firstName = 'validation.required';
    if (!v.lastName.trim()) problems.lastName = 'validation.required';
    if (!user && !v.email.trim()) problems.email = 'validation.required';
    if (!v.role) problems.role = 'validation.required';
    if (staff && !user && !v.companyId) problems.companyId = 'validation.required';
    if (supervisorNeedsPhone) problems.phone = 'validation.required';
    const parsed = (user ? UpdateUserSchema : CreateUserSchema).safeParse(
      user ? { userId: user._id, ...toPayload() } : { ...toPayload(), email: v.email, companyId: v.companyId ?? undefined, communicationChannels: v.channels },
    );
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      notify('error', t('notification.formError'));
      return;
    }
    try {
      if (user) {
        await update.mutateAsync({ userId: user._id, ...toPayload() });
        const add = v.tags.filter((tag) => !user.tags.includes(tag));
        const remove = user.tags.filter((tag) => !v.tags.includes(tag));
        if (add.length || remove.length) await setTags.mutateAsync({ userId: user._id, add, remove });
        notify('success', t('users.notify.updated'));
      } else {
        const created = await invite.mutateAsync({
          ...toPayload(),
          email: v.email,
          ...(staff && v.companyId ? { companyId: v.companyId } : {}),
          communicationChannels: v.channels,
        } as never);
        if (v.tags.length) await setTags.mutateAsync({ userId: created._id, add: v.tags, remove: [] });
        notify('success', t('users.notify.invited'));
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  return {
    staff,
    company,
    values: v,
    form,
    error: (key: keyof UserValues) => fieldError(errors[key]),
    companyType,
    roles,
    serverError,
    submit,
    pending: invite.isPending || update.isPending || setTags.isPending,
  };
}

export type UserFormState = ReturnType<typeof useUserForm>;

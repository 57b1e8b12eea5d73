import { assignableRoles, CreateUserSchema, UpdateUserSchema, type Channel, type Role, type UserType } from '@onsite/domain';
import { Alert, Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IconAlertCircle } from '../../../components/icons';
import { PhoneInput } from '../../../components/widgets';
import { ApiError, messageOf } from '../../../lib/api-client';
import { COUNTRY_OPTIONS_KEY } from '../../../lib/country-options';
import { fieldError } from '../../../lib/domain-messages';
import { detailsToErrors, type FieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { Profile } from '../../../lib/session';
import { useCompanyOptions, useInviteUser, useSetUserTags, useUpdateUser, type CompanyOption, type UserProfile } from '../api/users';
import { FixedDialog } from '../../../components/FixedDialog';

interface UserDialogProps {
  /** null: invite a new user. */
  user: UserProfile | null;
  viewer: Profile;
  onClose: () => void;
}

type Values = {
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

const companyLabel = (company: CompanyOption | null, t: TFunction): string =>
  company ? `${company.name} (${company.type}, ${t(`countries.${company.country}`, { defaultValue: company.country })})` : '';

/** Invite (stays open on a validation failure, closes on success) and edit a user. */
export function UserDialog({ user, viewer, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const staff = viewer.type === 'BL' && !viewer.blUser;
  const invite = useInviteUser();
  const update = useUpdateUser();
  const setTags = useSetUserTags();
  const [companySearch, setCompanySearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(companySearch, 500);
  // The company staff chose, kept apart from the search results: choosing puts its label into the search box,
  // and the results for that text no longer hold it.
  const [chosenCompany, setChosenCompany] = useState<CompanyOption | null>(null);
  const companies = useCompanyOptions(debouncedSearch === companyLabel(chosenCompany, t) ? '' : debouncedSearch, staff && user === null);
  const companyChoices = [...(chosenCompany ? [chosenCompany] : []), ...(companies.data?.items ?? []).filter((c) => c._id !== chosenCompany?._id)];
  const [serverError, setServerError] = useState<string | null>(null);

  const [v, setValues] = useState<Values>(() => ({
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
    setValue: <K extends keyof Values>(key: K, value: Values[K]) => form.setValues({ [key]: value } as Partial<Values>),
    // A changed field drops its error; the next save checks again.
    setValues: (patch: Partial<Values>) => {
      setValues((previous) => ({ ...previous, ...patch }));
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !(key in patch))));
    },
  };
  const companyType: UserType | undefined = user?.type ?? (staff ? (chosenCompany?.type as UserType | undefined) : viewer.type);
  const roles = companyType ? assignableRoles(companyType) : [];
  // MANAGEMENT forces dashboard access on; only staff editing an OEM user choose it otherwise.
  const dashboardEditable = staff && companyType === 'OEM' && v.role !== 'MANAGEMENT';
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

  const error = (key: keyof Values) => fieldError(errors[key]);
  const pending = invite.isPending || update.isPending || setTags.isPending;

  return (
    <FixedDialog
      opened
      onClose={onClose}
      title={user ? t('users.dialog.editTitle', { name: `${user.firstName} ${user.lastName}` }) : t('users.dialog.inviteTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="user-dialog-error">
              {serverError}
            </Alert>
          ) : null}
          {staff && !user ? (
            <Select
              label={t('users.fields.company')}
              required
              searchable
              searchValue={companySearch}
              onSearchChange={setCompanySearch}
              data={companyChoices.map((c) => ({ value: c._id, label: companyLabel(c, t) }))}
              value={v.companyId}
              onChange={(companyId) => {
                setChosenCompany(companyChoices.find((c) => c._id === companyId) ?? null);
                form.setValues({ companyId, role: '' });
              }}
              error={error('companyId')}
              nothingFoundMessage={t('users.dialog.noCompany')}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.firstName')}
              required
              value={v.firstName}
              onChange={(e) => form.setValue('firstName', e.currentTarget.value)}
              error={error('firstName')}
            />
            <TextInput
              label={t('users.fields.lastName')}
              required
              value={v.lastName}
              onChange={(e) => form.setValue('lastName', e.currentTarget.value)}
              error={error('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            required={!user}
            disabled={Boolean(user)}
            value={v.email}
            onChange={(e) => form.setValue('email', e.currentTarget.value)}
            error={error('email')}
          />
          <PhoneInput
            label={t('users.fields.phone')}
            value={v.phone}
            onChange={(phone) => form.setValue('phone', phone)}
            defaultCountry={user?.country ?? chosenCompany?.country ?? viewer.country}
            required={v.role === 'SUPERVISOR'}
            error={error('phone')}
          />
          <Select
            label={t('users.fields.role')}
            required
            data={roles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
            value={v.role || null}
            onChange={(role) => form.setValue('role', (role ?? '') as Role | '')}
            error={error('role')}
            disabled={roles.length === 0}
            placeholder={roles.length === 0 ? t('users.dialog.chooseCompanyFirst') : undefined}
          />
          {staff && companyType === 'OEM' ? (
            <Checkbox
              label={t('users.fields.dashboardAccess')}
              checked={v.role === 'MANAGEMENT' ? true : v.hasKibanaAccess}
              disabled={!dashboardEditable}
              onChange={(e) => form.setValue('hasKibanaAccess', e.currentTarget.checked)}
              data-testid="dashboard-access"
            />
          ) : null}
          {staff && companyType === 'BL' ? (
            <MultiSelect
              label={t('users.fields.countriesFilter')}
              description={t('users.dialog.countriesFilterHint')}
              data={COUNTRY_OPTIONS_KEY.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
              value={v.countriesFilter}
              onChange={(countriesFilter) => form.setValue('countriesFilter', countriesFilter)}
              searchable
            />
          ) : null}
          {staff && companyType === 'OEM' ? (
            <>
              <MultiSelect
                label={t('users.fields.countriesToOrder')}
                description={t('users.dialog.countriesToOrderHint')}
                data={COUNTRY_OPTIONS_KEY.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
                value={v.countriesToOrder}
                onChange={(countriesToOrder) => form.setValue('countriesToOrder', countriesToOrder)}
                error={error('countriesToOrder')}
                searchable
                data-testid="countries-to-order"
              />
              <TagsInput
                label={t('users.fields.dashboardTags')}
                description={t('users.dialog.dashboardTagsHint')}
                value={v.dashboardTags}
                onChange={(dashboardTags) => form.setValue('dashboardTags', dashboardTags)}
                error={error('dashboardTags')}
                clearable
                data-testid="dashboard-tags"
              />
            </>
          ) : null}
          <TagsInput label={t('users.fields.tags')} value={v.tags} onChange={(tags) => form.setValue('tags', tags)} clearable />
          {!user ? (
            <Checkbox.Group
              label={t('users.fields.channels')}
              value={v.channels}
              onChange={(channels) => form.setValue('channels', (channels.length ? channels : ['email']) as Channel[])}
            >
              <Group gap="md" mt={4}>
                <Checkbox value="email" label={t('users.channels.email')} disabled />
                <Checkbox value="sms" label={t('users.channels.sms')} disabled={!v.phone} />
                <Checkbox value="whatsapp" label={t('users.channels.whatsapp')} disabled={!v.phone} />
              </Group>
            </Checkbox.Group>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('staffCommon.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="save-user">
              {user ? t('staffCommon.save') : t('users.actions.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}

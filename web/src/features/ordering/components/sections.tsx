import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { SITE_ALLERGENS, SITE_CERTIFICATES, SITE_ENVIRONMENTS, type DiscountCodeResult, type Feasibility, type GeocodedPlace } from '@onsite/domain';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlertCircle, IconInfoCircle, IconPlus, IconTrash } from '../../../components/icons';
import { ErrorState } from '../../../components/StatusState';
import { DatePicker, DayTimeRangeSlider, PhoneInput, TimePicker } from '../../../components/widgets';
import { useCatalogue } from '../../../lib/catalogue';
import { currencyForCountry, defaultTimeZone, SERVED_COUNTRIES, timeZoneNames } from '../../../lib/countries';
import { translateFieldError, type FieldErrors } from '../../../lib/forms';
import type { Language } from '../../../lib/languages';
import { paths } from '../../../lib/paths';
import { useMapTiles } from '../../../lib/map-tiles';
import { useProfile } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useCheckCoupon, useGeocode, useReverseGeocode, type BillingAddress } from '../api/ordering';
import { newEquipment, newFrame, type DayHours, type FrameForm, type OrderForm } from '../model';
import { CitySearch } from './CitySearch';
import { SegmentsField } from './SegmentsField';
import { ServicePicker } from './ServicePicker';

const LocationMap = lazy(() => import('../../../components/LocationMap'));

/** Rough centres of the served countries: where the map looks before the location has a pin. */
const COUNTRY_CENTRES: Record<string, { lat: number; lng: number }> = {
  uk: { lat: 52.5, lng: -1.5 },
  de: { lat: 51.1, lng: 10.4 },
  us: { lat: 39.8, lng: -98.6 },
  in: { lat: 22.0, lng: 79.0 },
  ch: { lat: 46.8, lng: 8.2 },
  ca: { lat: 56.1, lng: -106.3 },
  ie: { lat: 53.4, lng: -8.2 },
  at: { lat: 47.5, lng: 14.5 },
  be: { lat: 50.5, lng: 4.5 },
  nl: { lat: 52.1, lng: 5.3 },
  lu: { lat: 49.8, lng: 6.1 },
  fr: { lat: 46.6, lng: 2.2 },
  it: { lat: 42.8, lng: 12.6 },
  es: { lat: 40.4, lng: -3.7 },
};

export interface SectionProps {
  readonly form: OrderForm;
  readonly update: (patch: Partial<OrderForm>) => void;
  readonly errors: FieldErrors;
}

const err = (errors: FieldErrors, field: string) => translateFieldError(errors[field]);

export function ServicesSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  if (catalogue.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  }
  if (catalogue.isError) {
    return (
      <ErrorState
        title={t('orders.form.catalogueError.title')}
        description={t('orders.form.catalogueError.text')}
        action={{ label: t('actions.retry'), onClick: () => void catalogue.refetch() }}
      />
    );
  }
  return (
    <div id="services">
      <ServicePicker
        catalogue={catalogue.data}
        currency={form.location.country ? currencyForCountry(form.location.country) : null}
        value={form.services}
        onChange={(services) => update({ services })}
        error={err(errors, 'services')}
      />
    </div>
  );
}

/** OEM: the end customer the service is for, or their own company. */
export function CustomerSection({ form, update, errors, companyName }: SectionProps & { companyName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group
        value={form.forEndCustomer ? 'end' : 'own'}
        onChange={(v) => update({ forEndCustomer: v === 'end' })}
        label={t('ordering.customer.question')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="end" label={t('ordering.customer.endCustomer')} />
          <Radio value="own" label={t('ordering.customer.own', { company: companyName })} />
        </Stack>
      </Radio.Group>
      {form.forEndCustomer ? (
        <TextInput
          label={t('ordering.customer.endCustomerName')}
          required
          value={form.endCustomerName}
          onChange={(e) => update({ endCustomerName: e.currentTarget.value })}
          error={err(errors, 'endCustomerName')}
          maw={480}
        />
      ) : null}
    </Stack>
  );
}

export function LocationSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const maps = useMapTiles();
  const geocode = useGeocode();
  const reverse = useReverseGeocode();
  // The place nearest to where the person put the pin: proposed, written only when they accept it.
  const [nearest, setNearest] = useState<GeocodedPlace | null>(null);
  const l = form.location;
  const set = (patch: Partial<OrderForm['location']>) => update({ location: { ...l, ...patch } });
  const movePin = (at: { lat: number; lng: number }) => {
    set({ lat: at.lat, lng: at.lng });
    setNearest(null);
    reverse.mutate(
      { lat: at.lat, lng: at.lng, ...(l.country ? { country: l.country } : {}) },
      { onSuccess: (result) => setNearest(result.results[0] ?? null) },
    );
  };
  const choosePlace = (place: GeocodedPlace) => {
    setNearest(null);
    set({ city: place.city ?? l.city, postCode: place.postCode ?? l.postCode, lat: place.lat, lng: place.lng });
  };
  const acceptNearest = (place: GeocodedPlace) => {
    setNearest(null);
    const city = place.city ?? l.city;
    // A new city's old post code would be wrong: it is cleared unless the place brings its own.
    set({ city, postCode: place.postCode ?? (sameText(city, l.city) ? l.postCode : '') });
  };
  const proposal = nearest && nearest.city && !(sameText(nearest.city, l.city) && (!nearest.postCode || nearest.postCode === l.postCode)) ? nearest : null;
  const countries = useMemo(
    () => SERVED_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })).sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const zones = useMemo(() => timeZoneNames(), []);
  const address = [l.addressLine1, [l.postCode, l.city].filter(Boolean).join(' '), l.country ? t(`countries.${l.country}`) : ''].filter(Boolean).join(', ');
  const outcome = geocode.data?.status ?? (geocode.isError ? 'unavailable' : null);
  const find = () =>
    geocode.mutate(
      { addressLine1: l.addressLine1, postCode: l.postCode, city: l.city, state: l.state || undefined, country: l.country },
      {
        onSuccess: (result) => {
          const first = result.results[0];
          if (first) set({ lat: first.lat, lng: first.lng });
        },
      },
    );
  const field = (name: 'name' | 'addressLine1' | 'addressLine2' | 'postCode' | 'city' | 'state', label: string, required: boolean, autoComplete?: string) => (
    <TextInput
      label={label}
      required={required}
      value={l[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value, ...(name !== 'name' ? { lat: l.lat, lng: l.lng } : {}) })}
      error={err(errors, `location.${name}`)}
      autoComplete={autoComplete}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field('name', t('fields.locationName'), true, 'organization')}
        <Select
          label={t('fields.country')}
          required
          searchable
          allowDeselect={false}
          data={countries}
          value={l.country || null}
          onChange={(country) => country && set({ country, timeZone: defaultTimeZone(country), lat: null, lng: null })}
          error={err(errors, 'location.country')}
          nothingFoundMessage={t('orders.form.nothingFound')}
        />
        {field('addressLine1', t('fields.addressLine1'), true, 'address-line1')}
        {field('addressLine2', t('fields.addressLine2'), false, 'address-line2')}
        {field('postCode', t('fields.postCode'), true, 'postal-code')}
        <CitySearch
          label={t('fields.city')}
          country={l.country}
          value={l.city}
          error={err(errors, 'location.city')}
          onChange={(city) => set({ city })}
          onChoose={choosePlace}
        />
        {field('state', t('fields.state'), false, 'address-level1')}
        <Select
          label={t('fields.timeZone')}
          description={t('orders.form.timeZoneHint')}
          required
          searchable
          allowDeselect={false}
          limit={100}
          data={zones}
          value={l.timeZone || null}
          onChange={(timeZone) => timeZone && set({ timeZone })}
          error={err(errors, 'location.timeZone')}
          nothingFoundMessage={t('orders.form.nothingFound')}
        />
      </SimpleGrid>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          onClick={find}
          loading={geocode.isPending}
          disabled={!l.country || !(l.city.trim() || l.postCode.trim())}
          data-testid="find-on-map"
        >
          {t('ordering.location.find')}
        </Button>
        {l.lat !== null && l.lng !== null ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setNearest(null);
              set({ lat: null, lng: null });
            }}
            data-testid="remove-pin"
          >
            {t('ordering.location.removePin')}
          </Button>
        ) : null}
      </Group>
      {outcome === 'unavailable' || outcome === 'not_found' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="geocode-fallback">
          {t(outcome === 'unavailable' ? 'ordering.location.unavailable' : 'ordering.location.notFound', { address: address || '—' })}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {l.lat !== null && l.lng !== null
          ? t('ordering.location.pinned', { latitude: l.lat.toFixed(5), longitude: l.lng.toFixed(5) })
          : t('ordering.location.noPin')}
      </Text>
      {reverse.isPending ? (
        <Text size="sm" c="dimmed" data-testid="nearest-place-pending">
          {t('ordering.location.nearest.searching')}
        </Text>
      ) : proposal ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle />}
          data-testid="nearest-place"
          title={t('ordering.location.nearest.title', { place: proposal.label })}
        >
          <Stack gap="xs">
            <Text size="sm">{t('ordering.location.nearest.text', { place: [proposal.postCode, proposal.city].filter(Boolean).join(' ') })}</Text>
            <Group gap="sm">
              <Button size="xs" onClick={() => acceptNearest(proposal)} data-testid="use-nearest-place">
                {t('ordering.location.nearest.use', { place: proposal.city })}
              </Button>
              <Button size="xs" variant="default" onClick={() => setNearest(null)}>
                {t('ordering.location.nearest.keep')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : reverse.data?.status === 'not_found' ? (
        <Text size="sm" c="dimmed" data-testid="nearest-place-none">
          {t('ordering.location.nearest.none')}
        </Text>
      ) : null}
      <Suspense fallback={<Skeleton height={280} radius="md" />}>
        <LocationMap
          position={l.lat !== null && l.lng !== null ? { lat: l.lat, lng: l.lng } : null}
          fallbackCenter={COUNTRY_CENTRES[l.country] ?? { lat: 50, lng: 10 }}
          tileUrl={maps.tileUrl}
          attribution={maps.attribution}
          label={t('ordering.location.mapLabel')}
          pinTitle={t('ordering.location.pin')}
          onMove={movePin}
        />
      </Suspense>
    </Stack>
  );
}

const sameText = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

function FrameEditor({
  frame,
  index,
  count,
  onChange,
  onRemove,
  errors,
}: {
  frame: FrameForm;
  index: number;
  count: number;
  onChange: (f: FrameForm) => void;
  onRemove: () => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const e = (name: keyof FrameForm) => err(errors, `frames.${index}.${name}`);
  const e2 = (name: string) => err(errors, `frames.${index}.${name}`);
  return (
    <Paper withBorder p="md" data-testid="time-frame">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{index === 0 ? t('ordering.frames.preferred') : t('ordering.frames.alternative', { number: index + 1 })}</Text>
          {count > 1 ? (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('ordering.frames.remove', { number: index + 1 })}>
              <IconTrash size={16} />
            </ActionIcon>
          ) : null}
        </Group>
        <SegmentedControl
          value={frame.type}
          onChange={(type) => onChange({ ...frame, type: type as FrameForm['type'] })}
          data={(['FIXED', 'APPROXIMATE', 'FLEXIBLE'] as const).map((type) => ({ value: type, label: t(`timeframeType.${type}`) }))}
          aria-label={t('ordering.frames.type')}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {t(`ordering.frames.typeHint.${frame.type}`)}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePicker
            label={t('fields.dateFrom')}
            required
            value={frame.dateFrom || null}
            onChange={(dateFrom) =>
              onChange({ ...frame, dateFrom: dateFrom ?? '', dateTo: dateFrom && (!frame.dateTo || frame.dateTo < dateFrom) ? dateFrom : frame.dateTo })
            }
            error={e('dateFrom')}
          />
          <DatePicker
            label={t('fields.dateTo')}
            required
            minDate={frame.dateFrom || undefined}
            value={frame.dateTo || null}
            onChange={(dateTo) => onChange({ ...frame, dateTo: dateTo ?? '' })}
            error={e('dateTo')}
          />
        </SimpleGrid>
        <Switch
          label={t('ordering.frames.perDay')}
          description={t('ordering.frames.perDayHint')}
          checked={frame.perDay}
          onChange={(event) => {
            const perDay = event.currentTarget.checked;
            const every = { from: frame.timeFrom, to: frame.timeTo, night: frame.nightShift };
            onChange({ ...frame, perDay, first: every, last: every });
          }}
        />
        {frame.perDay ? (
          <DayHoursEditor
            title={t('ordering.frames.firstDay')}
            hours={frame.first}
            onChange={(first) => onChange({ ...frame, first })}
            error={(part) => e2(`first.${part}`)}
          />
        ) : null}
        <DayHoursEditor
          title={t(frame.perDay ? 'ordering.frames.otherDays' : 'ordering.frames.allDays')}
          hours={{ from: frame.timeFrom, to: frame.timeTo, night: frame.nightShift }}
          onChange={(every) => onChange({ ...frame, timeFrom: every.from, timeTo: every.to, nightShift: every.night })}
          error={(part) => e(part === 'from' ? 'timeFrom' : 'timeTo')}
        />
        {frame.perDay ? (
          <DayHoursEditor
            title={t('ordering.frames.lastDay')}
            hours={frame.last}
            onChange={(last) => onChange({ ...frame, last })}
            error={(part) => e2(`last.${part}`)}
          />
        ) : null}
        {frame.type !== 'FIXED' ? (
          <NumberInput
            label={t('ordering.frames.maxDays')}
            description={t('ordering.frames.maxDaysHint')}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={frame.maxDays}
            onChange={(maxDays) => onChange({ ...frame, maxDays })}
            error={e('maxDays')}
            w={{ base: '100%', xs: 320 }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** One kind of day's working hours: from, to, and whether the shift runs over midnight (22:00–06:00 when switched on). */
function DayHoursEditor({
  title,
  hours,
  onChange,
  error,
}: {
  title: string;
  hours: DayHours;
  onChange: (hours: DayHours) => void;
  error: (part: 'from' | 'to') => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={title} data-testid="day-hours">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={420}>
        <TimePicker
          label={t('fields.timeFrom')}
          required
          minuteInterval={15}
          value={hours.from || null}
          onChange={(from) => onChange({ ...hours, from: from ?? '' })}
          error={error('from')}
        />
        <TimePicker
          label={t('fields.timeTo')}
          required
          minuteInterval={15}
          value={hours.to || null}
          onChange={(to) => onChange({ ...hours, to: to ?? '' })}
          error={error('to')}
        />
      </SimpleGrid>
      {/* The same hours on a slider of quarter hours (a day shift; a night shift's end is on the next day). */}
      {!hours.night && hours.from && hours.to && hours.from < hours.to ? (
        <Box maw={420} px={4}>
          <DayTimeRangeSlider
            label={t('ordering.frames.slider')}
            value={{ from: hours.from, to: hours.to }}
            maxStep={95}
            onChange={(range) => onChange({ ...hours, ...range })}
          />
        </Box>
      ) : null}
      <Switch
        label={t('ordering.frames.nightShift')}
        description={t('ordering.frames.nightShiftHint')}
        checked={hours.night}
        onChange={(event) => {
          const night = event.currentTarget.checked;
          const day = newFrame();
          onChange(night ? { from: '22:00', to: '06:00', night } : { from: day.timeFrom, to: day.timeTo, night });
        }}
      />
    </Stack>
  );
}

export function TimeFramesSection({ form, update, errors, feasibility }: SectionProps & { feasibility: Feasibility }) {
  const { t } = useTranslation();
  const setFrame = (index: number, frame: FrameForm) => update({ frames: form.frames.map((f, i) => (i === index ? frame : f)) });
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {t('orders.form.timeframeHint', { timeZone: form.location.timeZone || '—' })}
      </Text>
      {form.frames.map((frame, index) => (
        <FrameEditor
          key={index}
          frame={frame}
          index={index}
          count={form.frames.length}
          errors={errors}
          onChange={(f) => setFrame(index, f)}
          onRemove={() => update({ frames: form.frames.filter((_, i) => i !== index) })}
        />
      ))}
      {form.frames.length < 3 ? (
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => update({ frames: [...form.frames, newFrame()] })}
          w="fit-content"
          data-testid="add-frame"
        >
          {t('ordering.frames.add')}
        </Button>
      ) : null}
      <FeasibilityPanel form={form} update={update} errors={errors} feasibility={feasibility} />
    </Stack>
  );
}

/** What applies to the dates picked so far, as the server will judge it (domain `feasibilityOf`). */
export function FeasibilityPanel({ form, update, errors, feasibility }: SectionProps & { feasibility: Feasibility }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shortNotice = feasibility.rules.find((r) => r.rule === 'short_notice');
  const others = feasibility.rules.filter((r) => r.rule !== 'short_notice');
  return (
    <Stack gap="sm" data-testid="feasibility">
      <Text size="sm">
        {t('ordering.feasibility.earliest', { start: format.localDateTime(feasibility.earliestStandardStart), timeZone: form.location.timeZone || '—' })}
      </Text>
      {others.map((rule) => (
        <Alert key={rule.rule + ('frame' in rule ? rule.frame : '')} color="blue" variant="light" icon={<IconInfoCircle />} data-rule={rule.rule}>
          {rule.rule === 'max_window'
            ? t('ordering.feasibility.max_window', { days: rule.days, max: rule.maxDays, number: rule.frame + 1 })
            : t(`ordering.feasibility.${rule.rule}`, { frames: rule.frames.map((f) => f + 1).join(', ') })}
        </Alert>
      ))}
      {shortNotice ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle />} data-testid="short-notice">
          <Stack gap="sm">
            <Text size="sm" fw={700}>
              {t('orders.form.shortNotice.title')}
            </Text>
            <Text size="sm">{t('orders.form.shortNotice.text', { hours: shortNotice.hoursToStart })}</Text>
            <Checkbox
              label={t('orders.form.shortNotice.confirm')}
              checked={form.shortNoticeConfirmed}
              onChange={(e) => update({ shortNoticeConfirmed: e.currentTarget.checked })}
              error={err(errors, 'shortNoticeConfirmed')}
              required
            />
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

export function EquipmentSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<OrderForm['equipments'][number]>) =>
    update({ equipments: form.equipments.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('ordering.equipment.hint')}
      </Text>
      {form.equipments.map((item, index) => (
        <Paper withBorder p="md" key={index} data-testid="equipment-row">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('ordering.equipment.producer')}
              required
              value={item.producer}
              onChange={(e) => set(index, { producer: e.currentTarget.value })}
              error={err(errors, `equipments.${index}.producer`)}
            />
            <TextInput
              label={t('ordering.equipment.machine')}
              required
              value={item.machine}
              onChange={(e) => set(index, { machine: e.currentTarget.value })}
              error={err(errors, `equipments.${index}.machine`)}
            />
            <TextInput
              label={t('ordering.equipment.machineType')}
              value={item.machineType}
              onChange={(e) => set(index, { machineType: e.currentTarget.value })}
            />
            <NumberInput
              label={t('ordering.equipment.amount')}
              min={1}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              value={item.amount}
              onChange={(v) => set(index, { amount: Number(v) || 1 })}
            />
            <TextInput
              label={t('ordering.equipment.serials')}
              description={t('ordering.equipment.serialsHint')}
              value={item.machineNumbers}
              onChange={(e) => set(index, { machineNumbers: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => update({ equipments: form.equipments.filter((_, i) => i !== index) })}
            >
              {t('ordering.equipment.remove')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={() => update({ equipments: [...form.equipments, newEquipment()] })}
        w="fit-content"
        data-testid="add-equipment"
      >
        {t('ordering.equipment.add')}
      </Button>
    </Stack>
  );
}

export function DetailsSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <NumberInput
        label={t('fields.technicians')}
        required
        min={1}
        max={999}
        allowDecimal={false}
        allowNegative={false}
        value={form.technicians}
        onChange={(technicians) => update({ technicians })}
        error={err(errors, 'technicians')}
        w={{ base: '100%', xs: 320 }}
      />
      <Textarea
        label={t('fields.remarks')}
        description={t('orders.form.remarksHint')}
        autosize
        minRows={3}
        maxRows={10}
        value={form.remarks}
        onChange={(e) => update({ remarks: e.currentTarget.value })}
      />
      <Switch
        label={t('ordering.details.mobileSupport')}
        description={t('ordering.details.mobileSupportHint')}
        checked={form.mobileSupport}
        onChange={(e) => update({ mobileSupport: e.currentTarget.checked })}
      />
      <SiteBriefFields form={form} update={update} errors={errors} />
    </Stack>
  );
}

/**
 * The site brief (D213): a site walk before the job and its day, the certificates the technicians need, allergens and
 * environments they meet on site, and the tools to bring. Staff also note the tools the provider requires.
 */
function SiteBriefFields({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const staff = useProfile()?.type === 'BL';
  const options = (kind: string, keys: readonly string[]) => keys.map((value) => ({ value, label: t(`ordering.siteBrief.${kind}.${value}`) }));
  return (
    <Fieldset legend={t('ordering.siteBrief.title')} data-testid="site-brief">
      <Stack gap="md">
        <Switch
          label={t('ordering.siteBrief.siteWalk')}
          description={t('ordering.siteBrief.siteWalkHint')}
          checked={form.siteWalk}
          onChange={(e) => update({ siteWalk: e.currentTarget.checked, ...(e.currentTarget.checked ? {} : { siteWalkDate: '' }) })}
        />
        {form.siteWalk ? (
          <Group>
            <DatePicker
              label={t('ordering.siteBrief.siteWalkDate')}
              value={form.siteWalkDate || null}
              onChange={(value) => update({ siteWalkDate: value ?? '' })}
              required
              error={err(errors, 'siteWalkDate')}
            />
          </Group>
        ) : null}
        <SegmentsField value={form.segments} onChange={(segments) => update({ segments })} error={err(errors, 'segments')} />
        <MultiSelect
          label={t('ordering.siteBrief.certificatesLabel')}
          description={t('ordering.siteBrief.certificatesHint')}
          data={options('certificates', SITE_CERTIFICATES)}
          value={form.certificates}
          onChange={(certificates) => update({ certificates })}
          error={err(errors, 'certificates')}
          clearable
          data-testid="site-certificates"
        />
        <MultiSelect
          label={t('ordering.siteBrief.allergensLabel')}
          description={t('ordering.siteBrief.allergensHint')}
          data={options('allergens', SITE_ALLERGENS)}
          value={form.allergens}
          onChange={(allergens) => update({ allergens })}
          error={err(errors, 'allergens')}
          clearable
          data-testid="site-allergens"
        />
        <MultiSelect
          label={t('ordering.siteBrief.environmentsLabel')}
          data={options('environments', SITE_ENVIRONMENTS)}
          value={form.environments}
          onChange={(environments) => update({ environments, ...(environments.includes('other') ? {} : { environmentOther: '' }) })}
          error={err(errors, 'environments')}
          clearable
          data-testid="site-environments"
        />
        {form.environments.includes('other') ? (
          <TextInput
            label={t('ordering.siteBrief.environmentOther')}
            value={form.environmentOther}
            onChange={(e) => update({ environmentOther: e.currentTarget.value })}
            required
            maxLength={200}
            error={err(errors, 'environmentOther')}
          />
        ) : null}
        <Textarea
          label={t('ordering.siteBrief.toolsByCustomer')}
          description={t('ordering.siteBrief.toolsByCustomerHint')}
          autosize
          minRows={2}
          maxRows={6}
          value={form.toolsByCustomer}
          onChange={(e) => update({ toolsByCustomer: e.currentTarget.value })}
        />
        {staff ? (
          <Textarea
            label={t('ordering.siteBrief.toolsByProvider')}
            description={t('ordering.siteBrief.toolsByProviderHint')}
            autosize
            minRows={2}
            maxRows={6}
            value={form.toolsByProvider}
            onChange={(e) => update({ toolsByProvider: e.currentTarget.value })}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

export function ContactSection({ form, update, errors, country }: SectionProps & { country: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('ordering.contact.name')}
        description={t('ordering.contact.hint')}
        value={form.contactName}
        onChange={(e) => update({ contactName: e.currentTarget.value })}
        error={err(errors, 'contactName')}
        autoComplete="name"
      />
      <PhoneInput
        label={t('ordering.contact.phone')}
        value={form.contactPhone}
        defaultCountry={country}
        onChange={(contactPhone) => update({ contactPhone })}
      />
      <TextInput
        label={t('ordering.contact.email')}
        type="email"
        value={form.contactEmail}
        onChange={(e) => update({ contactEmail: e.currentTarget.value })}
        autoComplete="email"
      />
    </SimpleGrid>
  );
}

function couponColor(result: DiscountCodeResult): string {
  return result.status === 'valid' ? 'teal.9' : result.status === 'not_yet_valid' ? 'orange.9' : 'red.9';
}

export function CouponSection({ form, update }: SectionProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const check = useCheckCoupon();
  const result = check.data && check.data.code === form.couponCode.trim().toUpperCase() ? check.data : null;
  const description = result?.description ? ((result.description as Record<string, string>)[i18n.language] ?? result.description.en) : undefined;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('ordering.coupon.label')}
          description={t('ordering.coupon.hint')}
          value={form.couponCode}
          onChange={(e) => update({ couponCode: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (form.couponCode.trim()) check.mutate({ code: form.couponCode, country: form.location.country || undefined });
            }
          }}
          maw={320}
          style={{ flex: '1 1 200px' }}
        />
        <Button
          variant="default"
          onClick={() => check.mutate({ code: form.couponCode, country: form.location.country || undefined })}
          loading={check.isPending}
          disabled={!form.couponCode.trim()}
          data-testid="check-coupon"
        >
          {t('ordering.coupon.check')}
        </Button>
      </Group>
      {result ? (
        <Group gap="xs" data-testid="coupon-result" data-status={result.status} aria-live="polite">
          <Badge color={couponColor(result)} variant="filled">
            {t(`ordering.coupon.status.${result.status}`, {
              date: result.validTo ? format.localDate(result.validTo) : '',
              from: result.validFrom ? format.localDate(result.validFrom) : '',
            })}
          </Badge>
          {description && result.status === 'valid' ? <Text size="sm">{description}</Text> : null}
        </Group>
      ) : null}
    </Stack>
  );
}

export function BillingSection({
  form,
  update,
  errors,
  addresses,
  loading,
  lang,
  required,
}: SectionProps & { addresses: readonly BillingAddress[]; loading: boolean; lang: Language; required: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton height={80} />;
  const label = (a: BillingAddress) =>
    [
      `${String(a.firstName ?? '')} ${String(a.lastName ?? '')}`.trim(),
      a.department,
      a.addressLine1,
      [a.addressPostCode, a.addressCity].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <Stack gap="sm">
      {addresses.length === 0 ? (
        <Text size="sm">{t('ordering.billing.none')}</Text>
      ) : (
        <Radio.Group
          value={form.billingAddressId}
          onChange={(billingAddressId) => update({ billingAddressId })}
          label={t('ordering.billing.choose')}
          withAsterisk={required}
          error={err(errors, 'billingAddressId')}
        >
          <Stack gap="xs" mt="xs">
            {addresses.map((a) => (
              <Radio key={a._id} value={a._id} label={label(a)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {!required ? (
        <Text size="xs" c="dimmed">
          {t('ordering.billing.later')}
        </Text>
      ) : null}
      <Text size="sm">
        <Link to={paths.companyInformation(lang)} target="_blank" rel="noopener">
          {t('ordering.billing.add')}
        </Link>
      </Text>
    </Stack>
  );
}

export function ConfirmSection({ form, update, errors, children }: SectionProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const disclaimer = form.creationType === 'DIRECT_ORDER' ? t('ordering.disclaimer.order') : t('orders.form.disclaimer');
  return (
    <Stack gap="sm">
      {children}
      <Checkbox
        label={disclaimer}
        checked={form.disclaimerAccepted}
        onChange={(e) => update({ disclaimerAccepted: e.currentTarget.checked })}
        error={err(errors, 'disclaimerAccepted')}
        required
      />
    </Stack>
  );
}

import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import {
  canRequestQuote,
  COMMENT_REQUIRED_UP_TO_RATING,
  effectivePrincipal,
  FEEDBACK_TYPES,
  isAllowedIn,
  MAX_RATING,
  RATED_FEEDBACK_TYPES,
  type Actor,
  type FeedbackEntry,
  type FeedbackType,
} from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { clearFormError, notify, notifyFormError } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useSaveFeedback } from '../../api/job-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';

type Draft = Record<FeedbackType, { rating: number; comment: string }>;

function draftOf(feedback: Order['feedback']): Draft {
  const draft = Object.fromEntries(FEEDBACK_TYPES.map((type) => [type, { rating: 0, comment: '' }])) as Draft;
  for (const entry of feedback) draft[entry.type] = { rating: entry.rating ?? 0, comment: entry.comment ?? '' };
  return draft;
}

/** Whether this user may give feedback on this order now (the customer, or staff acting for one; job planned or completed). */
export function canGiveFeedback(order: Pick<Order, 'status'>, actor: Actor | null): boolean {
  return actor !== null && effectivePrincipal(actor).type !== 'BL' && canRequestQuote(actor) && isAllowedIn('SaveFeedback', order.status);
}

/**
 * The customer's feedback on the job: stars for the rated kinds (a comment says what went wrong at 1–2 stars) and
 * free text for ideas. Read-only for everyone who may not give it, and once the order has moved on.
 */
export function FeedbackPanel({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFeedback();
  const editable = canGiveFeedback(order, actor);
  const [draft, setDraft] = useState<Draft>(() => draftOf(order.feedback));
  // The version the form was filled from: a change by someone else meanwhile is a conflict, not an overwrite.
  const [baseVersion, setBaseVersion] = useState(order.version);
  const [errors, setErrors] = useState<Partial<Record<FeedbackType, string>>>({});
  const rated = (type: FeedbackType) => RATED_FEEDBACK_TYPES.includes(type);
  const set = (type: FeedbackType, change: Partial<Draft[FeedbackType]>) => setDraft((d) => ({ ...d, [type]: { ...d[type], ...change } }));

  const submit = () => {
    save.reset();
    const found: typeof errors = {};
    const feedbacks: FeedbackEntry[] = [];
    for (const type of FEEDBACK_TYPES) {
      const { rating, comment } = draft[type];
      const text = comment.trim();
      if (rated(type)) {
        if (rating === 0) {
          if (text) found[type] = t('orders.feedback.ratingRequired');
          continue;
        }
        if (rating <= COMMENT_REQUIRED_UP_TO_RATING && !text) found[type] = t('orders.feedback.commentRequired');
        feedbacks.push({ type, rating, ...(text ? { comment: text } : {}) });
      } else if (text) {
        feedbacks.push({ type, comment: text });
      }
    }
    if (feedbacks.length === 0 && Object.keys(found).length === 0) found.JOB_RATING = t('orders.feedback.nothingGiven');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifyFormError('feedback');
      return;
    }
    save.mutate(
      { order: { ...order, version: baseVersion }, feedbacks },
      {
        onSuccess: ({ version }) => {
          setBaseVersion(version);
          clearFormError('feedback');
          notify('success', t('orders.feedback.saved'));
        },
      },
    );
  };

  if (!editable) {
    return (
      <Section title={t('orders.feedback.title')} id="feedback">
        {order.feedback.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-feedback">
            {t('orders.feedback.none')}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="feedback-list">
            {order.feedback.map((entry) => (
              <Stack key={entry.type} gap={2}>
                <Text size="sm" fw={500}>
                  {t(`orders.feedback.type.${entry.type}`)}
                </Text>
                {entry.rating ? (
                  <Rating value={entry.rating} count={MAX_RATING} readOnly aria-label={t('orders.feedback.stars', { count: entry.rating })} />
                ) : null}
                {entry.comment ? <Text size="sm">{entry.comment}</Text> : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
    );
  }

  return (
    <Section title={t('orders.feedback.title')} id="feedback">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('orders.feedback.intro')}
        </Text>
        <CommandErrorAlert error={save.error} onReload={onReload} />
        {FEEDBACK_TYPES.map((type) => (
          <Stack key={type} gap={6}>
            <Text size="sm" fw={500} id={`feedback-${type}`}>
              {t(`orders.feedback.type.${type}`)}
            </Text>
            {rated(type) ? (
              <Group gap="sm">
                <Rating
                  value={draft[type].rating}
                  onChange={(rating) => set(type, { rating })}
                  count={MAX_RATING}
                  aria-labelledby={`feedback-${type}`}
                  data-testid={`rating-${type}`}
                />
                {draft[type].rating > 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('orders.feedback.stars', { count: draft[type].rating })}
                  </Text>
                ) : null}
              </Group>
            ) : null}
            <Textarea
              aria-label={t(rated(type) ? 'orders.feedback.commentFor' : 'orders.feedback.textFor', { type: t(`orders.feedback.type.${type}`) })}
              placeholder={t(rated(type) ? 'orders.feedback.commentPlaceholder' : 'orders.feedback.textPlaceholder')}
              value={draft[type].comment}
              onChange={(event) => set(type, { comment: event.currentTarget.value })}
              error={errors[type]}
              withAsterisk={rated(type) && draft[type].rating > 0 && draft[type].rating <= COMMENT_REQUIRED_UP_TO_RATING}
              autosize
              minRows={2}
              maxLength={2000}
            />
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="save-feedback">
            {t('orders.feedback.save')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

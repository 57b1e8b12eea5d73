import { Button, EmptyState } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlertCircle, IconInbox, IconMoodEmpty } from './icon-base';

interface StateProps {
  title: string;
  description: string;
  action?: { label: string; to?: string; onClick?: () => void; icon?: ReactNode };
}

function StateAction({ action }: { action: NonNullable<StateProps['action']> }) {
  return action.to ? (
    <Button component={Link} to={action.to} leftSection={action.icon}>
      {action.label}
    </Button>
  ) : (
    <Button onClick={action.onClick} leftSection={action.icon}>
      {action.label}
    </Button>
  );
}

/**
 * The frame shared by the three states: icon, title, description and an optional next step. A state that stands for
 * the whole page (not found) titles it as the page's heading.
 */
function PageState({
  title,
  description,
  action,
  icon,
  headingOrder,
  ...rest
}: StateProps & { icon: ReactNode; headingOrder?: 1 | 2 } & Omit<ComponentProps<typeof EmptyState>, 'title'>) {
  return (
    <EmptyState icon={icon} py="xl" {...rest}>
      <EmptyState.Title order={headingOrder}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      {action ? (
        <EmptyState.Actions>
          <StateAction action={action} />
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

/** A list with nothing in it: why, and what to do next (never a bare 'no data'). */
export function EmptyListState(props: StateProps) {
  return <PageState {...props} icon={<IconInbox size={28} />} data-testid="empty-state" />;
}

export function NotFoundState(props: StateProps) {
  return <PageState {...props} icon={<IconMoodEmpty size={28} />} headingOrder={1} data-testid="not-found" />;
}

/** A failure; `headingOrder={1}` where the failure is all the page has to say (it then titles the page). */
export function ErrorState({ headingOrder, ...props }: StateProps & { headingOrder?: 1 }) {
  return <PageState {...props} icon={<IconAlertCircle size={28} />} color="red" role="alert" headingOrder={headingOrder} />;
}

import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlertCircle, IconInbox, IconMoodEmpty } from './icons';

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

/** A list with nothing in it: why, and what to do next (never a bare 'no data'). */
export function EmptyListState({ title, description, action }: StateProps) {
  return (
    <EmptyState title={title} description={description} icon={<IconInbox size={28} />} py="xl" data-testid="empty-state">
      {action ? (
        <EmptyState.Actions>
          <StateAction action={action} />
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

export function NotFoundState({ title, description, action }: StateProps) {
  return (
    <EmptyState title={title} description={description} icon={<IconMoodEmpty size={28} />} py="xl" data-testid="not-found">
      {action ? (
        <EmptyState.Actions>
          <StateAction action={action} />
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

export function ErrorState({ title, description, action }: StateProps) {
  return (
    <EmptyState title={title} description={description} icon={<IconAlertCircle size={28} />} color="red" py="xl" role="alert">
      {action ? (
        <EmptyState.Actions>
          <StateAction action={action} />
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

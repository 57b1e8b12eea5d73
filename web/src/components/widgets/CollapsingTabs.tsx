import { Button, Group, Menu, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '../icons';

export const TABS_COLLAPSE_BELOW_PX = 767;
const MORE_UNDERLINE = { borderRadius: 0, borderBottom: 'calc(0.125rem * var(--mantine-scale)) solid var(--mantine-color-gray-3)' };

export interface TabItem {
  value: string;
  label: string;
}

export interface CollapsingTabsProps {
  tabs: readonly TabItem[];
  value: string;
  onChange: (value: string) => void;
  label: string;
}

/**
 * A tab row that folds the other tabs into a 'more' menu below 767 px: on a phone the row holds the active
 * tab and 'more', which fits one line whatever the language (German tab names are long).
 */
export function CollapsingTabs({ tabs, value, onChange, label }: CollapsingTabsProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${TABS_COLLAPSE_BELOW_PX - 0.02}px)`) ?? false;
  let shown = tabs;
  let folded: readonly TabItem[] = [];
  if (narrow && tabs.length > 2) {
    shown = tabs.filter((tab) => tab.value === value).slice(0, 1);
    if (shown.length === 0) shown = tabs.slice(0, 1);
    folded = tabs.filter((tab) => !shown.includes(tab));
  }
  return (
    <Group gap={0} wrap="nowrap" align="flex-end">
      <Tabs value={value} onChange={(next) => next && onChange(next)} style={{ flex: 1, minWidth: 0 }}>
        <Tabs.List aria-label={label}>
          {shown.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* Beside the tab list, not in it: a tab list holds tabs only. */}
      {folded.length > 0 ? (
        <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            {/* The tab list's line runs on under 'more'. */}
            <Button variant="subtle" color="gray" size="sm" rightSection={<IconChevronDown size={14} />} style={MORE_UNDERLINE} data-testid="tabs-more">
              {t('widgets.tabs.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {folded.map((tab) => (
              <Menu.Item key={tab.value} onClick={() => onChange(tab.value)}>
                {tab.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}

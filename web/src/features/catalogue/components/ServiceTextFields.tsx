import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { LANGUAGES } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import type { ServiceFormState } from './use-service-form';

/** The service's name and description in each language (English required). */
export function ServiceTextFields({ form, errors, setText }: Pick<ServiceFormState, 'form' | 'errors' | 'setText'>) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t('catalogueAdmin.fields.nameIn', { language: t(`languages.${language}`) })}
            value={form.name[language]}
            onChange={(e) => setText('name', language, e.currentTarget.value)}
            required={language === 'en'}
            error={errors[`name.${language}`]}
            maxLength={120}
            data-testid={`service-name-${language}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LANGUAGES.map((language) => (
          <Textarea
            key={language}
            label={t('catalogueAdmin.fields.descriptionIn', { language: t(`languages.${language}`) })}
            value={form.description[language]}
            onChange={(e) => setText('description', language, e.currentTarget.value)}
            required={language === 'en'}
            error={errors[`description.${language}`]}
            maxLength={1000}
            rows={3}
            data-testid={`service-description-${language}`}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('catalogueAdmin.translationHint')}
      </Text>
    </>
  );
}

import { Button, Checkbox, Group, Modal, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { GlossaryTerm } from '#contract/glossary.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { GLOSSARY_DESCRIPTION_MAX, GLOSSARY_TEXT_MAX } from '#contract/glossary-rules.ts';
import { useCreateTerm, useUpdateTerm } from './glossary.mutations.ts';
import { emptyTermForm, termFormOf, termFormProblems, toTermInput, type TermFormValues } from './term-form.ts';

export interface TermModalProps {
  spaceId: number;
  locales: readonly SpaceLocale[];
  /** The term to edit; a new one when absent. */
  term?: GlossaryTerm;
  /** Preselected language of a new term (the page's filter). */
  localeId?: number;
  onClose: () => void;
}

/** 'Add new term' and the edit form: mounted per opening, so each starts from its term or blank. */
export function TermModal({ spaceId, locales, term, localeId, onClose }: TermModalProps) {
  const create = useCreateTerm(spaceId);
  const update = useUpdateTerm(spaceId);
  const saving = create.isPending || update.isPending;
  const [values, setValues] = useState<TermFormValues>(() => (term ? termFormOf(term) : emptyTermForm(localeId)));
  const set = <K extends keyof TermFormValues>(field: K, value: TermFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  function close() {
    if (!saving) onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = termFormProblems(values);
    // Spec: each broken rule is a red notification titled Error; the modal stays open with what was typed.
    if (problems.length > 0) {
      problems.forEach((message) => notifications.show({ color: 'red', title: 'Error', message }));
      return;
    }
    const body = toTermInput(values);
    const summary = `${body.translatable} → ${body.translated}`;
    if (term) {
      update.mutate(
        { termId: term.id, body },
        {
          onSuccess: () => {
            notifySuccess('Term updated successfully', summary);
            onClose();
          },
          onError: (error) =>
            notifyError('Failed to update term', error, 'The term could not be saved. Please try again.'),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('Term added successfully', summary);
        onClose();
      },
      onError: (error) => notifyError('Failed to add term', error, 'The term could not be added. Please try again.'),
    });
  }

  return (
    <Modal opened onClose={close} title={term ? 'Edit term' : 'Add new term'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" gap="md">
            <TextInput
              label="Translatable text"
              description="As it appears in the source"
              required
              data-autofocus
              maxLength={GLOSSARY_TEXT_MAX}
              value={values.translatable}
              onChange={(event) => set('translatable', event.currentTarget.value)}
            />
            <TextInput
              label="Translated text"
              description="How translations must render it"
              required
              maxLength={GLOSSARY_TEXT_MAX}
              value={values.translated}
              onChange={(event) => set('translated', event.currentTarget.value)}
            />
          </Group>
          <Switch
            label="Global term"
            description="Applies to every language of the space, including languages added later"
            checked={values.global}
            onChange={(event) => set('global', event.currentTarget.checked)}
          />
          <MultiSelect<number>
            label="Locales"
            description="The languages this term applies to"
            placeholder={values.global ? 'Every language' : 'Choose languages'}
            data={locales.map((locale) => ({ value: locale.id, label: `${locale.name} (${locale.code})` }))}
            value={values.global ? [] : values.localeIds}
            onChange={(ids) => set('localeIds', ids)}
            disabled={values.global}
            searchable
            hidePickedOptions
            nothingFoundMessage="No language matches"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Description"
            description="Context for translators and the AI: meaning, usage, what to avoid"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={GLOSSARY_DESCRIPTION_MAX}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
          <Group gap="xl" align="flex-start">
            <Checkbox
              label="Case sensitive"
              description="Only this exact capitalisation is the term"
              checked={values.caseSensitive}
              onChange={(event) => set('caseSensitive', event.currentTarget.checked)}
            />
            <Checkbox
              label="Do not translate"
              description="Keep the term as it is (brand and product names)"
              checked={values.doNotTranslate}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setValues((current) => ({
                  ...current,
                  doNotTranslate: checked,
                  // A name that stays as it is translates to itself; spare the user typing it twice.
                  translated: checked && current.translated.trim() === '' ? current.translatable : current.translated,
                }));
              }}
            />
          </Group>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {term ? 'Save changes' : 'Add term'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

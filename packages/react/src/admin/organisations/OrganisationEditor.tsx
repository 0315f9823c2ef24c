import type { Organisation } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { CredentialIssuerSetting } from './CredentialIssuerSetting';
import { Field } from './Field';
import { bodyOf, draftOf, fieldErrorsOf, type OrganisationDraft } from './organisationForm';
import { organisationStrings as t } from './organisationStrings';
import { ThemePreview } from './ThemePreview';

const COLOURS = [
  ['brand', t.colourBrand],
  ['brandContrast', t.colourBrandContrast],
  ['text', t.colourText],
  ['background', t.colourBackground],
] as const;

/**
 * Creates an organisation or edits one's facts: name, slug, embed origins, theme (with a live
 * preview), the courses its people see and its seat limit. A refused save keeps everything typed
 * and shows the server's message at each field it names.
 */
export function OrganisationEditor({
  organisation,
  onSaved,
  onCancel,
}: {
  organisation?: Organisation;
  onSaved: (organisation: Organisation) => void;
  onCancel: () => void;
}) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<OrganisationDraft>(() => draftOf(organisation));
  const courses = useQuery({
    queryKey: adminKeys.courses(),
    queryFn: () => admin.courses!.list(),
    enabled: Boolean(admin.courses),
  });
  const save = useMutation({
    mutationFn: () => {
      const body = bodyOf(draft);
      return organisation
        ? admin.organisations!.update(organisation.id, body)
        : admin.organisations!.create(body);
    },
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.organisation(saved.id), saved);
      void client.invalidateQueries({ queryKey: adminKeys.organisations() });
      toast({ title: t.saved, description: formatString(t.savedDescription, { name: saved.name }) });
      onSaved(saved);
    },
  });
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const set = <K extends keyof OrganisationDraft>(key: K, value: OrganisationDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof OrganisationDraft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    className: a.input,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const headingId = `${id}-heading`;
  const fieldMessages = Object.entries(errors).filter(([k]) => k !== 'form');

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.subheading}>
        {organisation ? formatString(t.editHeading, { name: organisation.name }) : t.newHeading}
      </h3>
      <form onSubmit={onSubmit} className={s.stack} noValidate>
        {save.isError ? (
          <p role="alert" className={a.fieldError}>
            {errors.form ? formatString(t.saveFailed, { message: errors.form }) : t.fixFields}
            {fieldMessages.length > 0 ? ` ${fieldMessages.map(([, m]) => m).join(' ')}` : ''}
          </p>
        ) : null}
        <Field id={`${id}-name`} label={t.name} error={errors.name}>
          {(p) => <input {...p} {...text('name')} autoComplete="organization" maxLength={200} />}
        </Field>
        <Field
          id={`${id}-slug`}
          label={t.slug}
          hint={organisation?.credential_issuer ? t.slugFrozen : t.slugHint}
          error={errors.slug}
        >
          {(p) => (
            <input
              {...p}
              {...text('slug')}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              readOnly={Boolean(organisation?.credential_issuer)}
            />
          )}
        </Field>
        <Field id={`${id}-origins`} label={t.origins} hint={t.originsHint} error={errors.origins}>
          {(p) => <textarea {...p} {...text('origins')} rows={3} spellCheck={false} />}
        </Field>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t.themeLegend}</legend>
          <div className={s.grid}>
            {COLOURS.map(([key, label]) => (
              <Field key={key} id={`${id}-${key}`} label={label} hint={t.colourHint} error={errors[key]}>
                {(p) => (
                  <input {...p} {...text(key)} placeholder="#0b6e4f" spellCheck={false} maxLength={7} />
                )}
              </Field>
            ))}
          </div>
          <Field id={`${id}-logo`} label={t.logoUrl} error={errors.logoUrl}>
            {(p) => <input {...p} {...text('logoUrl')} type="url" spellCheck={false} />}
          </Field>
          <Field id={`${id}-font`} label={t.fontBody} hint={t.fontHint} error={errors.fontBody}>
            {(p) => <input {...p} {...text('fontBody')} spellCheck={false} maxLength={200} />}
          </Field>
          <div className={a.field}>
            <span>{t.preview}</span>
            <ThemePreview draft={draft} />
          </div>
        </fieldset>
        <fieldset className={s.fieldset} aria-describedby={errors.chosen ? `${id}-courses-error` : undefined}>
          <legend className={s.legend}>{t.coursesLegend}</legend>
          <label className={s.row}>
            <input
              type="radio"
              className={s.radio}
              name={`${id}-courses`}
              checked={draft.courses === 'all'}
              onChange={() => set('courses', 'all')}
            />
            {t.coursesAll}
          </label>
          <label className={s.row}>
            <input
              type="radio"
              className={s.radio}
              name={`${id}-courses`}
              checked={draft.courses === 'chosen'}
              onChange={() => set('courses', 'chosen')}
            />
            {t.coursesChosen}
          </label>
          {draft.courses === 'chosen' ? (
            courses.data && courses.data.length > 0 ? (
              <ul className={s.list}>
                {courses.data.map((course) => (
                  <li key={course.slug}>
                    <label className={s.row}>
                      <input
                        type="checkbox"
                        checked={draft.chosen.includes(course.slug)}
                        onChange={(e) =>
                          set(
                            'chosen',
                            e.target.checked
                              ? [...draft.chosen, course.slug]
                              : draft.chosen.filter((c) => c !== course.slug),
                          )
                        }
                      />
                      {course.title} <span className={a.small}>({course.slug})</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : courses.isPending && admin.courses ? null : (
              <p className={a.small}>{t.coursesNone}</p>
            )
          ) : null}
          {errors.chosen ? (
            <p id={`${id}-courses-error`} className={a.fieldError}>
              {errors.chosen}
            </p>
          ) : null}
        </fieldset>
        <Field id={`${id}-seats`} label={t.seatLimit} error={errors.seatLimit}>
          {(p) => <input {...p} {...text('seatLimit')} type="number" min={1} inputMode="numeric" />}
        </Field>
        <CredentialIssuerSetting
          id={id}
          organisation={organisation}
          checked={draft.issuesCredentials}
          onChange={(on) => set('issuesCredentials', on)}
        />
        <div className={s.row}>
          <button type="submit" className={s.button.primary} disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </button>
          <button type="button" className={s.button.secondary} onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}

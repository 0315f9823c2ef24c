import {
  adminMessages,
  CourseError,
  DEFAULT_PLATFORM_TEXTS,
  type PlatformTexts,
  PlatformTextsPatchSchema,
} from '@coursekit/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { courseKeys } from '../../queries/courseKeys';
import { useSettings } from '../../queries/courseQueries';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { useLiveDraft } from './useLiveDraft';

type Field = keyof PlatformTexts;
const FIELDS: Array<{ name: Field; label: string; hint?: string; long?: boolean }> = [
  { name: 'site_name', label: 'Site name', hint: 'Beside the logo in the header, and on the e-mails.' },
  {
    name: 'owner',
    label: 'Copyright owner',
    hint: 'The footer reads “© {year} {owner}. All rights reserved.”',
  },
  { name: 'copyright_year', label: 'Copyright year' },
  { name: 'support_email', label: 'Help mailbox', hint: 'Shown on the about page.' },
  {
    name: 'about',
    label: 'About the platform',
    hint: 'The about page’s “The initiative behind it”.',
    long: true,
  },
];

/**
 * The platform's words, which belong to no course: the site's name, the footer's owner and year, the
 * help mailbox and the about page's text. Each field is checked with the server's own schema before
 * it is sent, and a refused field says why beside it; what the admin typed stays until it is saved.
 */
export function PlatformTextsPanel() {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const settings = useSettings();
  const stored = settings.data?.platform ?? DEFAULT_PLATFORM_TEXTS;
  const drafts = {
    site_name: useLiveDraft(stored.site_name),
    owner: useLiveDraft(stored.owner),
    copyright_year: useLiveDraft(String(stored.copyright_year)),
    support_email: useLiveDraft(stored.support_email),
    about: useLiveDraft(stored.about),
  };
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationFn: (platform: Partial<PlatformTexts>) => admin.settings.update({ platform }),
    onSuccess: (next) => {
      client.setQueryData(courseKeys.settings(), next);
      for (const draft of Object.values(drafts)) draft.reset();
      toast({ title: adminMessages.platformSaved });
    },
    onError: (error) => {
      if (error instanceof CourseError && error.fields) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([path, message]) => [path.replace(/^platform\./, ''), message]),
          ),
        );
      }
      toast({ title: adminMessages.platformSaveFailed, variant: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const year = drafts.copyright_year.value.trim();
    const input = {
      site_name: drafts.site_name.value,
      owner: drafts.owner.value,
      copyright_year: /^\d+$/.test(year) ? Number(year) : Number.NaN,
      support_email: drafts.support_email.value,
      about: drafts.about.value,
    };
    const checked = PlatformTextsPatchSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={s.subheading}>
        Platform texts
      </h3>
      <form className={s.stack} onSubmit={submit} noValidate>
        {FIELDS.map((field) => {
          const draft = drafts[field.name];
          const error = errors[field.name];
          const describedBy = [
            field.hint ? `${id}-${field.name}-hint` : '',
            error ? `${id}-${field.name}-error` : '',
          ]
            .filter(Boolean)
            .join(' ');
          const common = {
            id: `${id}-${field.name}`,
            className: a.input,
            value: draft.value,
            'aria-invalid': error ? true : undefined,
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          };
          return (
            <div key={field.name} className={a.field}>
              <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
              {field.long ? (
                <textarea {...common} rows={4} onChange={(event) => draft.set(event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={field.name === 'support_email' ? 'email' : 'text'}
                  inputMode={field.name === 'copyright_year' ? 'numeric' : undefined}
                  onChange={(event) => draft.set(event.target.value)}
                />
              )}
              {field.hint ? (
                <p id={`${id}-${field.name}-hint`} className={a.small}>
                  {field.hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-${field.name}-error`} className={a.fieldError}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div>
          <button type="submit" className={s.button.primary} disabled={save.isPending || !settings.data}>
            {save.isPending ? 'Saving...' : 'Save Platform Texts'}
          </button>
        </div>
      </form>
    </section>
  );
}

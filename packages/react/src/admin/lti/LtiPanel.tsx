import type { LtiRegistration, LtiToolUrls } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import { QueryBlock } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from '../users/AdminDialog';
import { CopyButton } from './CopyButton';
import { LtiRegistrationEditor } from './LtiRegistrationEditor';
import { ltiStrings as t } from './ltiStrings';
import { RegistrationLink } from './RegistrationLink';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; registration: LtiRegistration };

/**
 * The console's LTI tab: the platforms (LMSs) registered with the tool, with their deployments and
 * organisation; adding, editing and removing one; the tool's own URLs a platform's admin enters in
 * their LMS; and rotating the tool's signing key. Shown when the admin adapter has an `lti` part.
 */
export function LtiPanel() {
  const admin = useAdmin();
  const [view, setView] = useState<View>({ kind: 'list' });
  if (!admin.lti) return <p className={s.muted}>{t.unavailable}</p>;
  if (view.kind !== 'list')
    return (
      <LtiRegistrationEditor
        {...(view.kind === 'edit' ? { registration: view.registration } : {})}
        onDone={() => setView({ kind: 'list' })}
      />
    );
  return (
    <div className={s.stack}>
      <Registrations
        onNew={() => setView({ kind: 'new' })}
        onEdit={(registration) => setView({ kind: 'edit', registration })}
      />
      <RegistrationLink />
      <ToolUrls urls={admin.lti.toolUrls()} />
      <SigningKey />
    </div>
  );
}

function Registrations({
  onNew,
  onEdit,
}: {
  onNew: () => void;
  onEdit: (registration: LtiRegistration) => void;
}) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [removing, setRemoving] = useState<LtiRegistration | null>(null);
  const list = useQuery({ queryKey: adminKeys.ltiRegistrations(), queryFn: () => admin.lti!.list() });
  // The organisations' names, for the registrations linked to one (when the server has organisations).
  const organisations = useQuery({
    queryKey: adminKeys.organisations(),
    queryFn: () => admin.organisations!.list(),
    enabled: Boolean(admin.organisations),
  });
  const organisationName = (orgId: string | null) =>
    orgId ? (organisations.data?.find((o) => o.id === orgId)?.name ?? orgId) : t.noOrganisation;
  const remove = useMutation({
    mutationFn: (target: LtiRegistration) => admin.lti!.remove(target.id),
    onSuccess: (_, target) => {
      setRemoving(null);
      toast({ title: t.removed, description: target.issuer });
      void client.invalidateQueries({ queryKey: adminKeys.ltiRegistrations() });
    },
  });

  const body = (
    <QueryBlock
      query={list}
      loadingLabel={t.loading}
      failedTitle={t.loadFailed}
      retryLabel={t.retry}
      empty={t.empty}
      isEmpty={(data) => data.length === 0}
    >
      {(data) => (
        <div className={a.tableWrap}>
          <table className={a.table}>
            <thead>
              <tr>
                <th scope="col">{t.columnIssuer}</th>
                <th scope="col">{t.columnClientId}</th>
                <th scope="col">{t.columnDeployments}</th>
                <th scope="col">{t.columnOrganisation}</th>
                <th scope="col">{t.columnActions}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => {
                const names = { issuer: r.issuer, clientId: r.client_id };
                return (
                  <tr key={r.id}>
                    <td>{r.issuer}</td>
                    <td>{r.client_id}</td>
                    <td>
                      {r.deployments.length === 0 ? (
                        <span className={a.small}>{t.noDeployments}</span>
                      ) : (
                        <ul className={s.list}>
                          {r.deployments.map((d) => (
                            <li key={d.deployment_id}>
                              {d.deployment_id}
                              {d.learned_at_launch ? (
                                <>
                                  {' '}
                                  <span className={s.badge.info}>{t.learnedAtLaunch}</span>
                                </>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                      )}
                      <p className={a.small}>{r.accept_new_deployments ? t.acceptsNew : t.listedOnly}</p>
                    </td>
                    <td>{organisationName(r.organisation_id)}</td>
                    <td>
                      <div className={s.row}>
                        <button
                          type="button"
                          className={`${s.button.secondary} ${a.smallButton}`}
                          aria-label={formatString(t.editLabel, names)}
                          onClick={() => onEdit(r)}
                        >
                          {t.edit}
                        </button>
                        <button
                          type="button"
                          className={`${s.button.secondary} ${a.smallButton}`}
                          aria-label={formatString(t.removeLabel, names)}
                          onClick={() => {
                            remove.reset();
                            setRemoving(r);
                          }}
                        >
                          {t.remove}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </QueryBlock>
  );

  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <div className={s.spread}>
        <h3 id={`${id}-heading`} className={s.subheading}>
          {t.heading}
        </h3>
        <button type="button" className={s.button.primary} onClick={onNew}>
          {t.add}
        </button>
      </div>
      <p className={a.small}>{t.intro}</p>
      {body}
      <AdminConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={formatString(t.removeTitle, { issuer: removing?.issuer ?? '' })}
        description={t.removeDescription}
        error={remove.isError ? formatString(t.removeFailed, { message: remove.error.message }) : null}
        pending={remove.isPending}
        cancelLabel={t.cancel}
        confirmLabel={t.remove}
        pendingLabel={t.removing}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}

/** The tool's URLs a platform's admin enters in their LMS, each with a copy button. */
function ToolUrls({ urls }: { urls: LtiToolUrls }) {
  const id = useId();
  const rows = [
    [t.toolLogin, urls.login],
    [t.toolLaunch, urls.launch],
    [t.toolDeepLinking, urls.deepLinking],
    [t.toolJwks, urls.jwks],
  ] as const;
  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.toolHeading}
      </h3>
      <p className={a.small}>{t.toolIntro}</p>
      <dl className={s.stack}>
        {rows.map(([name, url]) => (
          <div key={name} className={a.field}>
            <dt>{name}</dt>
            <dd className={s.row}>
              <code className={a.code}>{url}</code>
              <CopyButton name={name} text={url} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The tool's signing key: rotated after a confirmation that says the old key keeps verifying. */
function SigningKey() {
  const admin = useAdmin();
  const toast = useToast();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => admin.lti!.rotateKey(),
    onSuccess: (rotation) => {
      setConfirming(false);
      toast({
        title: t.rotated,
        description: formatString(t.rotatedDescription, {
          current: rotation.current,
          previous: rotation.previous ?? '',
        }),
      });
    },
  });
  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.keyHeading}
      </h3>
      <p className={a.small}>{t.keyIntro}</p>
      <div>
        <button
          type="button"
          className={s.button.secondary}
          onClick={() => {
            rotate.reset();
            setConfirming(true);
          }}
        >
          {t.rotate}
        </button>
      </div>
      <AdminConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t.rotateTitle}
        description={t.rotateDescription}
        error={rotate.isError ? formatString(t.rotateFailed, { message: rotate.error.message }) : null}
        pending={rotate.isPending}
        tone="primary"
        cancelLabel={t.cancel}
        confirmLabel={t.rotate}
        pendingLabel={t.rotating}
        onConfirm={() => rotate.mutate()}
      />
    </section>
  );
}

import type { Organisation } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import { ErrorState, QueryBlock, Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from '../users/AdminDialog';
import { OrganisationEditor } from './OrganisationEditor';
import { OrganisationIdentityProvider } from './OrganisationIdentityProvider';
import { OrganisationIssuers } from './OrganisationIssuers';
import { OrganisationMembers } from './OrganisationMembers';
import { organisationStrings as t } from './organisationStrings';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'one'; id: string };

/**
 * The console's Organisations tab: the list (name, slug, status, people), a new organisation, and
 * one organisation's facts, status, trusted issuers and people. Shown when the admin adapter has
 * an `organisations` part.
 */
export function OrganisationsPanel({ initialOrganisation }: { initialOrganisation?: string } = {}) {
  const admin = useAdmin();
  const [view, setView] = useState<View>(
    initialOrganisation ? { kind: 'one', id: initialOrganisation } : { kind: 'list' },
  );
  if (!admin.organisations) return <p className={s.muted}>{t.unavailable}</p>;
  if (view.kind === 'new')
    return (
      <OrganisationEditor
        onSaved={(o) => setView({ kind: 'one', id: o.id })}
        onCancel={() => setView({ kind: 'list' })}
      />
    );
  if (view.kind === 'one')
    return <OrganisationDetail id={view.id} onBack={() => setView({ kind: 'list' })} />;
  return (
    <OrganisationList onNew={() => setView({ kind: 'new' })} onOpen={(id) => setView({ kind: 'one', id })} />
  );
}

function OrganisationList({ onNew, onOpen }: { onNew: () => void; onOpen: (id: string) => void }) {
  const admin = useAdmin();
  const id = useId();
  const list = useQuery({ queryKey: adminKeys.organisations(), queryFn: () => admin.organisations!.list() });
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
                <th scope="col">{t.columnName}</th>
                <th scope="col">{t.columnSlug}</th>
                <th scope="col">{t.columnStatus}</th>
                <th scope="col">{t.columnMembers}</th>
                <th scope="col">{t.columnActions}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((o) => (
                <tr key={o.id}>
                  <td>{o.name}</td>
                  <td>{o.slug}</td>
                  <td>
                    <StatusBadge organisation={o} />
                  </td>
                  <td>{o.members}</td>
                  <td>
                    <button
                      type="button"
                      className={`${s.button.secondary} ${a.smallButton}`}
                      aria-label={formatString(t.openLabel, { name: o.name })}
                      onClick={() => onOpen(o.id)}
                    >
                      {t.open}
                    </button>
                  </td>
                </tr>
              ))}
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
          {t.create}
        </button>
      </div>
      <p className={a.small}>{t.intro}</p>
      {body}
    </section>
  );
}

function StatusBadge({ organisation }: { organisation: Organisation }) {
  return organisation.status === 'active' ? (
    <span className={s.badge.success}>{t.statusActive}</span>
  ) : (
    <span className={s.badge.muted}>{t.statusSuspended}</span>
  );
}

/** One organisation: its status (suspend or reactivate, confirmed), its facts, issuers and people. */
function OrganisationDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const one = useQuery({ queryKey: adminKeys.organisation(id), queryFn: () => admin.organisations!.get(id) });
  const status = useMutation({
    mutationFn: (next: Organisation['status']) => admin.organisations!.update(id, { status: next }),
    onSuccess: (saved) => {
      setConfirming(false);
      client.setQueryData(adminKeys.organisation(id), saved);
      void client.invalidateQueries({ queryKey: adminKeys.organisations(), exact: true });
      toast({
        title: formatString(saved.status === 'suspended' ? t.suspended : t.reactivated, { name: saved.name }),
      });
    },
  });
  const back = (
    <div>
      <button type="button" className={s.button.link} onClick={onBack}>
        {t.back}
      </button>
    </div>
  );
  if (one.isError)
    return (
      <div className={s.stack}>
        {back}
        <ErrorState
          error={one.error}
          title={t.loadFailed}
          retryLabel={t.retry}
          onRetry={() => one.refetch()}
        />
      </div>
    );
  if (!one.data)
    return (
      <div className={s.stack}>
        {back}
        <Skeletons count={2} label={t.loading} />
      </div>
    );
  const o = one.data;
  const suspending = o.status === 'active';
  return (
    <div className={s.stack}>
      {back}
      <div className={s.spread}>
        <div className={s.row}>
          <StatusBadge organisation={o} />
          <span className={a.small}>/o/{o.slug}</span>
        </div>
        <button
          type="button"
          className={suspending ? s.button.danger : s.button.secondary}
          onClick={() => {
            status.reset();
            setConfirming(true);
          }}
        >
          {suspending ? t.suspend : t.reactivate}
        </button>
      </div>
      <OrganisationEditor organisation={o} onSaved={() => undefined} onCancel={onBack} />
      <OrganisationIssuers organisation={o} />
      <OrganisationIdentityProvider organisation={o} />
      <OrganisationMembers organisation={o} />
      <AdminConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={formatString(suspending ? t.suspendTitle : t.reactivateTitle, { name: o.name })}
        description={suspending ? t.suspendDescription : t.reactivateDescription}
        error={status.isError ? formatString(t.statusFailed, { message: status.error.message }) : null}
        pending={status.isPending}
        tone={suspending ? 'danger' : 'primary'}
        cancelLabel={t.cancel}
        confirmLabel={suspending ? t.suspend : t.reactivate}
        onConfirm={() => status.mutate(suspending ? 'suspended' : 'active')}
      />
    </div>
  );
}

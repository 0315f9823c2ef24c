import type { Organisation, OrganisationMember } from '@coursekit/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import { QueryBlock } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from '../users/AdminDialog';
import { organisationStrings as t } from './organisationStrings';

const PAGE_SIZE = 25;
const ROLE_TEXT = { learner: t.roleLearner, manager: t.roleManager } as const;

/** The organisation's people, a page at a time: each one's role changed in place, or removed after a confirmation. */
export function OrganisationMembers({ organisation }: { organisation: Organisation }) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);
  const members = useQuery({
    queryKey: adminKeys.organisationMembers(organisation.id, page),
    queryFn: () => admin.organisations!.members(organisation.id, { page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...adminKeys.organisations(), 'members', organisation.id] });
    void client.invalidateQueries({ queryKey: adminKeys.organisation(organisation.id) });
    void client.invalidateQueries({ queryKey: adminKeys.organisations(), exact: true });
  };
  const setRole = useMutation({
    mutationFn: ({ member, role }: { member: OrganisationMember; role: OrganisationMember['role'] }) =>
      admin.organisations!.setMember(organisation.id, member.user_id, role),
    onSuccess: (member) => {
      toast({
        title: t.roleChanged,
        description: formatString(t.roleChangedDescription, {
          email: member.email,
          role: ROLE_TEXT[member.role].toLowerCase(),
        }),
      });
      refresh();
    },
    onError: (error) =>
      toast({ title: formatString(t.roleFailed, { message: error.message }), variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (member: OrganisationMember) =>
      admin.organisations!.removeMember(organisation.id, member.user_id),
    onSuccess: (_, member) => {
      setRemoving(null);
      toast({
        title: t.memberRemoved,
        description: formatString(t.memberRemovedDescription, {
          email: member.email,
          name: organisation.name,
        }),
      });
      refresh();
    },
  });

  const body = (
    <QueryBlock
      query={members}
      skeletons={1}
      loadingLabel={t.membersLoading}
      failedTitle={t.membersFailed}
      retryLabel={t.retry}
      empty={t.membersEmpty}
      isEmpty={(data) => data.items.length === 0}
    >
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
        return (
          <>
            <div className={a.tableWrap}>
              <table className={a.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.memberName}</th>
                    <th scope="col">{t.memberEmail}</th>
                    <th scope="col">{t.memberRole}</th>
                    <th scope="col">{t.columnActions}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((m) => (
                    <tr key={m.user_id}>
                      <td>{m.display_name ?? ''}</td>
                      <td>{m.email}</td>
                      <td>
                        <select
                          className={s.select}
                          aria-label={formatString(t.roleLabel, { email: m.email })}
                          value={m.role}
                          disabled={setRole.isPending}
                          onChange={(e) =>
                            setRole.mutate({ member: m, role: e.target.value as OrganisationMember['role'] })
                          }
                        >
                          <option value="learner">{t.roleLearner}</option>
                          <option value="manager">{t.roleManager}</option>
                        </select>
                      </td>
                      <td>
                        <button
                          type="button"
                          className={`${s.button.secondary} ${a.smallButton}`}
                          aria-label={formatString(t.removeMemberLabel, { email: m.email })}
                          onClick={() => {
                            remove.reset();
                            setRemoving(m);
                          }}
                        >
                          {t.removeMember}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 ? (
              <nav className={s.row} aria-label={t.membersHeading}>
                <button
                  type="button"
                  className={s.button.secondary}
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t.previousPage}
                </button>
                <span>{formatString(t.pageOf, { page, pages })}</span>
                <button
                  type="button"
                  className={s.button.secondary}
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t.nextPage}
                </button>
              </nav>
            ) : null}
          </>
        );
      }}
    </QueryBlock>
  );

  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.membersHeading}
      </h3>
      {body}
      <AdminConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={formatString(t.removeMemberTitle, { email: removing?.email ?? '', name: organisation.name })}
        description={t.removeMemberDescription}
        error={remove.isError ? formatString(t.removeFailed, { message: remove.error.message }) : null}
        pending={remove.isPending}
        cancelLabel={t.cancel}
        confirmLabel={t.removeConfirm}
        pendingLabel={t.removing}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}

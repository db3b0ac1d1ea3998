import {
  ADMIN_UI_MESSAGES,
  type AdminUser,
  deleteRefusal,
  emailMismatchMessage,
  formatDisplayDate,
  typedEmailMatches,
  USER_STATUSES,
  type UserStatus,
} from '@sam/core';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './admin.module.css';
import { adminApi, USERS_PAGE_SIZE, type UsersQuery } from './api.ts';
import { Failure, Pager, refocus, serverDetail, YesNo } from './parts.tsx';

const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', test: 'Test' };

const usersKey = ['admin', 'users'] as const;

export function UsersTab({ currentEmail }: { currentEmail: string }) {
  const statusId = useId();
  const dialogs = useDialogs();
  const queryClient = useServerQueryClient();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<UsersQuery>({
    status: 'all',
    search: '',
    page: 1,
    pageSize: USERS_PAGE_SIZE,
  });
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = useServerQuery({
    queryKey: [...usersKey, filters],
    queryFn: () => adminApi.users(filters),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, search: typed.trim(), page: 1 }));
  };

  const changeRole = async (user: AdminUser) => {
    const role = user.isAdmin ? 'user' : 'admin';
    const yes = await dialogs.confirm({
      title: user.isAdmin ? 'Remove admin role?' : 'Make admin?',
      message: user.isAdmin
        ? `${user.email} will no longer see the admin dashboard.`
        : `${user.email} will see all feedback, metrics and accounts, and can manage other users.`,
      variant: 'danger',
      confirmText: user.isAdmin ? 'Remove admin' : 'Make admin',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    try {
      await adminApi.setRole(user.email, role);
      await refresh();
    } catch (error) {
      await dialogs.alert({
        title: ADMIN_UI_MESSAGES.updateRole,
        message: serverDetail(error) ?? ADMIN_UI_MESSAGES.updateRole,
        variant: 'danger',
      });
    }
  };

  const users = list.data?.users ?? [];
  const empty = filters.status === 'active' ? ADMIN_UI_MESSAGES.noActiveUsers : ADMIN_UI_MESSAGES.noUsers;
  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading" className={styles.panelHeading} ref={headingRef} tabIndex={-1}>
        Users
      </h2>
      <form className={styles.toolbar} onSubmit={search}>
        <TextField
          className={styles.search}
          label="Search by e-mail"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          trailing={
            <Button type="submit" variant="secondary">
              Search
            </Button>
          }
        />
        <div className={styles.selectField}>
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            className={styles.select}
            value={filters.status}
            onChange={(event) =>
              setFilters((f) => ({ ...f, status: event.target.value as UsersQuery['status'], page: 1 }))
            }
          >
            <option value="all">All</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending ? <Spinner message="Loading users..." /> : null}
      {list.isError ? <Failure message={ADMIN_UI_MESSAGES.loadUsers} error={list.error} /> : null}
      {list.isSuccess && users.length === 0 ? <p>{empty}</p> : null}
      {list.isSuccess && users.length > 0 ? (
        <>
          <p className={styles.summary} aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'user' : 'users'}
          </p>
          <table className={styles.table}>
            <caption className="visually-hidden">Users</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Status</th>
                <th scope="col">Verified</th>
                <th scope="col">Profile</th>
                <th scope="col">Admin</th>
                <th scope="col">Registered</th>
                <th scope="col">Last login</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.email}>
                  <td data-label="User" className={styles.addressCell}>
                    <div>
                      <div>{user.email}</div>
                      {user.name ? <div className={styles.muted}>{user.name}</div> : null}
                    </div>
                  </td>
                  <td data-label="Status">
                    <div>
                      <div>{STATUS_LABELS[user.status]}</div>
                      {user.status !== 'active' && user.deactivation_reason ? (
                        <div className={styles.muted}>{user.deactivation_reason}</div>
                      ) : null}
                    </div>
                  </td>
                  <td data-label="Verified">
                    <YesNo value={user.emailVerified} />
                  </td>
                  <td data-label="Profile">
                    <YesNo value={user.hasProfile} />
                  </td>
                  <td data-label="Admin">
                    <YesNo value={user.isAdmin} />
                  </td>
                  <td data-label="Registered" className={styles.nowrap}>
                    {formatDisplayDate(user.registrationDate) || '—'}
                  </td>
                  <td data-label="Last login" className={styles.nowrap}>
                    {formatDisplayDate(user.lastLogin) || 'Never'}
                  </td>
                  <td data-label="Actions" className={styles.actionsCell}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setChanging(user)}
                      aria-label={`Change status of ${user.email}`}
                    >
                      Change status
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => changeRole(user)}
                      aria-label={`${user.isAdmin ? 'Remove admin from' : 'Make admin:'} ${user.email}`}
                    >
                      {user.isAdmin ? 'Remove admin' : 'Make admin'}
                    </Button>
                    {deleteRefusal(user, currentEmail) === null ? (
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setDeleting(user)}
                        aria-label={`Delete ${user.email}`}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="User pages"
            page={filters.page}
            pageSize={filters.pageSize}
            total={list.data.total}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
            busy={list.isFetching}
          />
        </>
      ) : null}
      {changing ? (
        <StatusDialog
          user={changing}
          onClose={() => setChanging(null)}
          onDone={async () => {
            await refresh();
            setChanging(null);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteUserDialog
          user={deleting}
          onClose={() => setDeleting(null)}
          onDone={async () => {
            await refresh();
            setDeleting(null);
            refocus(headingRef.current);
          }}
        />
      ) : null}
    </section>
  );
}

type DialogProps = { user: AdminUser; onClose: () => void; onDone: () => Promise<void> };

function StatusDialog({ user, onClose, onDone }: DialogProps) {
  const statusId = useId();
  const reasonId = useId();
  const [status, setStatus] = useState<UserStatus>(user.status);
  const [reason, setReason] = useState(user.deactivation_reason ?? '');
  const save = useServerMutation({
    mutationFn: () => adminApi.setStatus(user.email, status, status === 'active' ? '' : reason),
    onSuccess: onDone,
  });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Change status"
      description={user.email}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} busy={save.isPending} busyLabel="Saving...">
            Save status
          </Button>
        </>
      }
    >
      <div className={styles.selectField}>
        <label htmlFor={statusId}>New status</label>
        <select
          id={statusId}
          className={styles.select}
          value={status}
          onChange={(event) => setStatus(event.target.value as UserStatus)}
        >
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {status !== 'active' ? (
        <div className={styles.selectField}>
          <label htmlFor={reasonId}>Reason (optional)</label>
          <textarea
            id={reasonId}
            className={styles.textarea}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      {save.isError ? <Failure message={ADMIN_UI_MESSAGES.updateStatus} error={save.error} /> : null}
    </Modal>
  );
}

function DeleteUserDialog({ user, onClose, onDone }: DialogProps) {
  const [typed, setTyped] = useState('');
  const matches = typedEmailMatches(typed, user.email);
  const remove = useServerMutation({ mutationFn: () => adminApi.deleteUser(user.email), onSuccess: onDone });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete user"
      variant="danger"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={!matches}
            onClick={() => remove.mutate()}
            busy={remove.isPending}
            busyLabel="Deleting..."
          >
            Delete
          </Button>
        </>
      }
    >
      <p>
        This removes <strong>{user.email}</strong> and everything stored for the account. It cannot be undone.
      </p>
      <TextField
        label="Type the user's e-mail to confirm"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        error={typed.trim() && !matches ? emailMismatchMessage(user.email) : null}
      />
      {remove.isError ? <Failure message={ADMIN_UI_MESSAGES.deleteUser} error={remove.error} /> : null}
    </Modal>
  );
}

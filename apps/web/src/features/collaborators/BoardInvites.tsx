// Board invitations on the person's own profile (issue 4: "an invitations list for the
// invitee"). Someone invited by name (the create-board form's collaborator search) accepts or
// declines here; accepting gives them write access, so the board joins their boards and their
// board picker. E-mail invitations have their own link page (saving/BoardInvitePage.tsx).
import type { BoardInviteItem } from '@corkboard/shared/saving/api';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { useAnswerBoardInvite, useMyBoardInvites, type InviteAnswer } from './hooks.ts';
import './boardInvites.css';

interface Outcome {
  readonly boardId: string;
  readonly answer: InviteAnswer;
  readonly board: { name: string; url: string };
}

function inviteItems(pages: readonly { data: readonly BoardInviteItem[] }[] | undefined) {
  const seen = new Set<string>();
  const items: BoardInviteItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.data) {
      if (seen.has(item.board.id)) continue;
      seen.add(item.board.id);
      items.push(item);
    }
  }
  return items;
}

export function BoardInvites({ username }: { username: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const invites = useMyBoardInvites(true);
  const answerInvite = useAnswerBoardInvite(username);
  const [busyBoardId, setBusyBoardId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failedBoardId, setFailedBoardId] = useState<string | null>(null);
  const items = useMemo(() => inviteItems(invites.data?.pages), [invites.data]);

  const answer = async (item: BoardInviteItem, choice: InviteAnswer) => {
    setBusyBoardId(item.board.id);
    setFailedBoardId(null);
    try {
      const result = await answerInvite(item.board.id, choice);
      setOutcome({ boardId: item.board.id, answer: choice, board: result.board });
    } catch {
      setFailedBoardId(item.board.id);
    } finally {
      setBusyBoardId(null);
    }
  };

  // Nothing to show is the usual case: no heading, no empty state. A failed load says so once.
  const status = outcome ? (
    outcome.answer === 'accept' ? (
      <>
        {t('invites.accepted', { board: outcome.board.name })}{' '}
        <Link to={outcome.board.url}>{t('invites.openBoard')}</Link>
      </>
    ) : (
      t('invites.declined', { board: outcome.board.name })
    )
  ) : null;
  if (invites.isError && items.length === 0) {
    return (
      <p className="board-invites__note" role="alert">
        {t('invites.loadError')}{' '}
        <button
          type="button"
          className="button button--tertiary"
          onClick={() => void invites.refetch()}
        >
          {t('state.retry')}
        </button>
      </p>
    );
  }
  return (
    <>
      <p className="board-invites__note" role="status">
        {status}
      </p>
      {items.length === 0 ? null : (
        <section className="board-invites" aria-labelledby={headingId}>
          <h2 id={headingId} className="heading heading--md">
            {t('invites.heading', { count: items.length })}
          </h2>
          <ul className="board-invites__list">
            {items.map((item) => {
              const busy = busyBoardId === item.board.id;
              const inviter = item.invited_by.full_name || item.invited_by.username;
              return (
                <li key={item.board.id} className="board-invite" aria-busy={busy || undefined}>
                  <Avatar user={item.invited_by} size={48} />
                  <div className="board-invite__text">
                    <p className="text text--bold">{item.board.name}</p>
                    <p className="text text--small text--subtle">
                      {t('invites.invitedBy', { name: inviter })}
                    </p>
                    {failedBoardId === item.board.id ? (
                      <p className="text text--small board-invite__error" role="alert">
                        {t('invites.answerError')}
                      </p>
                    ) : null}
                  </div>
                  <div className="board-invite__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busyBoardId !== null}
                      aria-label={t('invites.declineLabel', { board: item.board.name })}
                      onClick={() => void answer(item, 'decline')}
                    >
                      {t('invites.decline')}
                    </button>
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={busyBoardId !== null}
                      aria-label={t('invites.acceptLabel', { board: item.board.name })}
                      onClick={() => void answer(item, 'accept')}
                    >
                      {t('invites.accept')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {invites.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={invites.isFetchingNextPage}
              onClick={() => void invites.fetchNextPage()}
            >
              {t('invites.more')}
            </button>
          ) : null}
        </section>
      )}
    </>
  );
}

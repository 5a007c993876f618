// The `_profile` paths (saving.md §2.10; docs/decisions/133): /_profile/ and /_profile/{tab}/
// open the signed-in person's own profile (visitors log in first and come back here);
// /{username}/_profile/… opens that person's profile. Both land on the canonical /{username}/.
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { useViewer } from '../session/hooks.ts';
import { profilePathFor } from './ownProfile.ts';

function UnknownTab() {
  const { t } = useTranslation();
  return <NotFoundState title={t('notFound.page')} />;
}

/** /_profile/ and /_profile/{tab}/. */
export function OwnProfilePage() {
  const { tab } = useParams();
  const location = useLocation();
  const viewer = useViewer();
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login/?next=${encodeURIComponent(next)}`} replace />;
  }
  const path = profilePathFor(viewer.data.username, tab);
  return path ? <Navigate to={path} replace /> : <UnknownTab />;
}

/** /{username}/_profile/ and /{username}/_profile/{tab}/. */
export function NamedProfilePage() {
  const { username = '', tab } = useParams();
  const path = profilePathFor(username, tab);
  return path ? <Navigate to={path} replace /> : <UnknownTab />;
}

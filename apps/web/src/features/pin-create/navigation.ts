// "Goes back" for the mobile pages (saving.md §2.2 "On success the page goes back"): the previous
// entry of this app's history, or home when the page was opened directly.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a session the key 'default'.
  const hasHistory = location.key !== 'default';
  return useCallback(() => {
    if (hasHistory) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [hasHistory, navigate]);
}

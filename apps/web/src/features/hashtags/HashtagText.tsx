// A pin description with its hashtags as links to the pin search (saving.md §5; issue 10
// "rendered as links to search"; docs/decisions/060). The same rule that stored the tags on
// save (@corkboard/shared/saving/hashtags) finds them here.
import { hashtagSearchPath, splitHashtags } from '@corkboard/shared/saving/hashtags';
import { Link } from 'react-router';

export function HashtagText({ text }: { text: string }) {
  return (
    <>
      {splitHashtags(text).map((segment) =>
        segment.kind === 'hashtag' ? (
          <Link key={segment.start} to={hashtagSearchPath(segment.tag)} className="text-link">
            {segment.text}
          </Link>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </>
  );
}

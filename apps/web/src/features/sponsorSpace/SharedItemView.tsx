import { SHARED_CONTENT_MESSAGES, type SharedItemContent } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import styles from './sponsorSpace.module.css';
import { SPACE_WORDING } from './wording.ts';

type Props = {
  content: SharedItemContent;
  level?: 3 | 4;
  /** Offers "Note on this item" beside each entry of a list (the circles' items). */
  onNoteAbout?(item: string): void;
};

/** A shared step or inventory as its content says, read-only; headings start at `level`. */
export function SharedItemView({ content, level = 4, onNoteAbout }: Props) {
  const Heading = level === 3 ? 'h3' : 'h4';
  if (content.blocks.length === 0) return <p className={styles.empty}>{SHARED_CONTENT_MESSAGES.empty}</p>;
  return (
    <div className={styles.content}>
      {content.blocks.map((block, i) => (
        // Blocks have no id of their own and never move: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <section key={i}>
          {block.heading ? <Heading>{block.heading}</Heading> : null}
          {'text' in block ? <p className={styles.text}>{block.text}</p> : null}
          {'items' in block ? (
            <ul>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                <li key={j} className={onNoteAbout ? styles.notableItem : undefined}>
                  <span>{item}</span>
                  {onNoteAbout ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${SPACE_WORDING.noteOnItem}: ${item}`}
                      onClick={() => onNoteAbout(item)}
                    >
                      {SPACE_WORDING.noteOnItem}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {'fields' in block ? (
            <dl>
              {block.fields.map((f, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                <div key={j}>
                  <dt>{f.label}</dt>
                  <dd>{f.value.trim() ? f.value : <span className={styles.empty}>Not written</span>}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      ))}
    </div>
  );
}

// A settings card whose contents load when it comes near the screen (decisions 175, 206): the title
// shows with the page and the rest arrives as the person scrolls to it (src/components/NearScreen.tsx).
import type { ComponentType } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Card from '../../components/Card.tsx';
import NearScreen from '../../components/NearScreen.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { Translate } from '../../i18n/translator.ts';

export interface CardContentProps {
  locale: Locale;
  t: Translate;
}

interface Props extends CardContentProps {
  title: string;
  className: string;
  /** The contents' module, imported when the card first comes within 200 px of the screen. */
  load: () => Promise<{ default: ComponentType<CardContentProps> }>;
}

export default function NearScreenCard({ title, className, load, locale, t }: Props) {
  return (
    <Card title={title} className={className}>
      <NearScreen
        load={load}
        props={{ locale, t }}
        placeholder={
          <div aria-busy="true">
            <Skeleton className="settings-skeleton" />
          </div>
        }
      />
    </Card>
  );
}

// The one view switch of /annonces (issue 36 §2). Wide screens show the cards beside the map or a compact
// list; phones and tablets, where the map cannot be beside the cards, switch between the cards and the map
// alone, which then takes the screen under the search bar.
import { useTranslation } from 'react-i18next';
import type { SearchView } from '../../lib/search/search-params';

interface ViewSwitchProps {
  view: SearchView;
  /** The screen has room for the map beside the cards. */
  wide: boolean;
  onShow: (view: SearchView) => void;
}

export function ViewSwitch({ view, wide, onShow }: ViewSwitchProps) {
  const { t } = useTranslation('search');
  const options = wide
    ? [
        { value: 'cartes' as const, label: t('search:view.cartes'), pressed: view !== 'liste' },
        { value: 'liste' as const, label: t('search:view.liste'), pressed: view === 'liste' },
      ]
    : [
        { value: 'cartes' as const, label: t('search:view.results'), pressed: view !== 'carte' },
        { value: 'carte' as const, label: t('search:view.carte'), pressed: view === 'carte' },
      ];
  return (
    <div className="view-switch" role="group" aria-label={t('search:view.label')}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="view-switch__option"
          aria-pressed={option.pressed}
          onClick={() => !option.pressed && onShow(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

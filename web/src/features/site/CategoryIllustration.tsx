// One small drawing per ad category (spec §3), inline so that the landing page loads no image file.
// They only decorate the category's name next to them: hidden from assistive technology.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AD_CATEGORIES, type AdCategory } from '@partage/graphql';
import { PATHS } from '../../app/paths';
import { EMPTY_CRITERIA, searchParamsOf } from '../../lib/search/search-params';

const DARK = '#1f5f3f';
const MID = '#6fa888';
const ACCENT = '#e0a43a';
const LIGHT = '#ffffff';

const wheel = (cx: number) => (
  <>
    <circle cx={cx} cy="80" r="8" fill={DARK} />
    <circle cx={cx} cy="80" r="3" fill={LIGHT} />
  </>
);

const DRAWINGS: Record<AdCategory, ReactNode> = {
  PROFESSIONAL_KITCHEN: (
    <>
      <path d="M50 14h60l8 14H42z" fill={MID} />
      <rect x="40" y="44" width="80" height="44" rx="3" fill={DARK} />
      <rect x="40" y="40" width="80" height="6" rx="2" fill={MID} />
      <rect x="50" y="56" width="60" height="24" rx="2" fill={LIGHT} opacity="0.9" />
      <rect x="58" y="60" width="44" height="4" rx="2" fill={MID} />
      <circle cx="58" cy="37" r="3" fill={ACCENT} />
      <circle cx="80" cy="37" r="3" fill={ACCENT} />
      <circle cx="102" cy="37" r="3" fill={ACCENT} />
    </>
  ),
  DELIVERY_TRUCK: (
    <>
      <rect x="22" y="26" width="76" height="48" rx="3" fill={DARK} />
      <path d="M98 40h22l14 16v18H98z" fill={MID} />
      <path d="M104 45h14l9 11h-23z" fill={LIGHT} />
      <rect x="32" y="36" width="30" height="6" rx="3" fill={ACCENT} />
      {wheel(44)}
      {wheel(116)}
    </>
  ),
  STORAGE_SPACE: (
    <>
      <rect x="30" y="14" width="6" height="76" fill={DARK} />
      <rect x="124" y="14" width="6" height="76" fill={DARK} />
      <rect x="30" y="42" width="100" height="5" fill={DARK} />
      <rect x="30" y="84" width="100" height="5" fill={DARK} />
      <rect x="42" y="22" width="24" height="20" fill={ACCENT} />
      <rect x="70" y="26" width="20" height="16" fill={MID} />
      <rect x="94" y="20" width="26" height="22" fill={ACCENT} />
      <rect x="42" y="60" width="34" height="24" fill={MID} />
      <rect x="80" y="64" width="22" height="20" fill={ACCENT} />
      <rect x="104" y="58" width="16" height="26" fill={MID} />
    </>
  ),
  PROFESSIONAL_COOKING_EQUIPMENT: (
    <>
      <path
        d="M66 12c-6 6 6 10 0 16M80 10c-6 6 6 10 0 16M94 12c-6 6 6 10 0 16"
        stroke={MID}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="46" y="36" width="68" height="36" rx="6" fill={DARK} />
      <rect x="40" y="32" width="80" height="7" rx="3" fill={MID} />
      <rect x="26" y="44" width="20" height="6" rx="3" fill={DARK} />
      <rect x="114" y="44" width="20" height="6" rx="3" fill={DARK} />
      <rect x="36" y="80" width="88" height="6" rx="3" fill={ACCENT} />
    </>
  ),
  PREP_EQUIPMENT: (
    <>
      <rect x="30" y="72" width="100" height="12" rx="3" fill={MID} />
      <path d="M48 16h34v14H64v8h-6V30H48z" fill={DARK} />
      <rect x="58" y="36" width="6" height="8" fill={DARK} />
      <path d="M46 44h30l-4 28H50z" fill={ACCENT} />
      <rect x="92" y="46" width="40" height="8" rx="4" fill={DARK} transform="rotate(-30 112 50)" />
      <rect x="84" y="56" width="16" height="6" rx="3" fill={MID} transform="rotate(-30 92 59)" />
    </>
  ),
  REFRIGERATION_EQUIPMENT: (
    <>
      <rect x="48" y="10" width="64" height="82" rx="4" fill={DARK} />
      <rect x="79" y="10" width="2" height="82" fill={LIGHT} />
      <rect x="70" y="30" width="4" height="18" rx="2" fill={LIGHT} />
      <rect x="86" y="30" width="4" height="18" rx="2" fill={LIGHT} />
      <path d="M130 30v30M117 37l26 16M117 53l26-16" stroke={MID} strokeWidth="4" strokeLinecap="round" />
      <rect x="52" y="88" width="10" height="6" fill={MID} />
      <rect x="98" y="88" width="10" height="6" fill={MID} />
    </>
  ),
  HEAVY_EQUIPMENT: (
    <>
      <rect x="102" y="12" width="6" height="70" fill={DARK} />
      <path d="M108 72h30v6h-30z" fill={DARK} />
      <path d="M40 40h44l14 16v22H40z" fill={ACCENT} />
      <path d="M50 44h28l8 12H50z" fill={LIGHT} />
      <rect x="112" y="60" width="30" height="10" fill={MID} />
      {wheel(54)}
      {wheel(88)}
    </>
  ),
  SURPLUS: (
    <>
      <rect x="34" y="52" width="40" height="34" fill={ACCENT} />
      <rect x="78" y="52" width="40" height="34" fill={MID} />
      <rect x="56" y="20" width="40" height="32" fill={DARK} />
      <rect x="70" y="20" width="12" height="10" fill={LIGHT} />
      <path d="M124 30a16 16 0 1 1-10-14" stroke={DARK} strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M108 10l8 6-8 6" stroke={DARK} strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  OTHER: (
    <>
      <rect x="36" y="36" width="88" height="46" rx="4" fill={DARK} />
      <path d="M64 36v-8a4 4 0 0 1 4-4h24a4 4 0 0 1 4 4v8" stroke={DARK} strokeWidth="5" fill="none" />
      <rect x="36" y="52" width="88" height="5" fill={MID} />
      <rect x="74" y="48" width="12" height="14" rx="2" fill={ACCENT} />
    </>
  ),
};

/** 160 × 100, drawn at that size unless the page's styles scale it (its box keeps the shape). */
export function CategoryIllustration({ category }: { category: AdCategory }) {
  return (
    <svg className="category-illustration" viewBox="0 0 160 100" width="160" height="100" aria-hidden="true" focusable="false">
      <rect width="160" height="100" rx="8" fill="#e3efe8" />
      {DRAWINGS[category]}
    </svg>
  );
}

/** The ad categories, each with its drawing, name and examples (the landing and share pages). */
export function CategoryCards() {
  const { t } = useTranslation(['site', 'adFields']);
  return (
    <ul className="card-grid">
      {AD_CATEGORIES.map((category) => (
        <li key={category} className="card category-card">
          <CategoryIllustration category={category} />
          {/* The whole card is the link (its ::after covers it): the search, filtered by the category. */}
          <h3>
            <Link
              to={`${PATHS.adList}?${searchParamsOf({ ...EMPTY_CRITERIA, categories: [category] }, 'cartes')}`}
              className="category-card__link"
            >
              {t(`adFields:categories.${category}`)}
            </Link>
          </h3>
          <p>{t(`landing.categories.descriptions.${category}`)}</p>
        </li>
      ))}
    </ul>
  );
}

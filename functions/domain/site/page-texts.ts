// The few words of the pages the server writes for crawlers (ad pages), in both UI languages. The category
// names are the web app's (web/src/locales/<language>/adFields.json `categories`; page-texts.test.ts keeps
// them equal): functions/ does not import the web app.

import type { AdCategory, UiLanguage } from '@partage/graphql';

export interface PageTexts {
  siteName: string;
  /** og:locale */
  locale: string;
  category: string;
  town: string;
  categories: Record<AdCategory, string>;
}

export const PAGE_TEXTS: Record<UiLanguage, PageTexts> = {
  fr: {
    siteName: "Partage d'équipement alimentaire",
    locale: 'fr_CA',
    category: 'Catégorie',
    town: 'Ville',
    categories: {
      PROFESSIONAL_KITCHEN: 'Cuisine professionnelle',
      DELIVERY_TRUCK: 'Camion de livraison',
      STORAGE_SPACE: "Espace d'entreposage",
      PROFESSIONAL_COOKING_EQUIPMENT: 'Équipement de cuisson professionnel',
      PREP_EQUIPMENT: 'Équipement de préparation',
      REFRIGERATION_EQUIPMENT: 'Équipement de réfrigération',
      HEAVY_EQUIPMENT: 'Équipement lourd',
      SURPLUS: 'Surplus',
      OTHER: 'Autre',
    },
  },
  en: {
    siteName: 'Food Equipment Sharing',
    locale: 'en_CA',
    category: 'Category',
    town: 'City',
    categories: {
      PROFESSIONAL_KITCHEN: 'Professional kitchen',
      DELIVERY_TRUCK: 'Delivery truck',
      STORAGE_SPACE: 'Storage space',
      PROFESSIONAL_COOKING_EQUIPMENT: 'Professional cooking equipment',
      PREP_EQUIPMENT: 'Preparation equipment',
      REFRIGERATION_EQUIPMENT: 'Refrigeration equipment',
      HEAVY_EQUIPMENT: 'Heavy equipment',
      SURPLUS: 'Surplus',
      OTHER: 'Other',
    },
  },
};

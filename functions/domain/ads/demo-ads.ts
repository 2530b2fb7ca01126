// The demo ads of `npm start` (issue 8, item 9): about 300 ads across Quebec, composed from
// per-category phrases in French and English, so a newcomer sees a living marketplace. Pure and
// seeded: the same list on every start (only the restriction dates follow `today`); the seeder
// (demo-ads-seed.ts) creates them through the ads domain and attaches the drawn pictures.

import type {
  AdCategory,
  AdInput,
  Allergen,
  AvailabilityInput,
  Certification,
  DayPeriod,
  KitchenEquipment,
  PriceOfferInput,
  PriceRange,
  RentUnit,
  TaxMode,
  TruckType,
  Weekday,
} from '@partage/graphql';
import { AD_CATEGORIES, addDays, CANCELLATION_POLICIES, DAY_PERIODS, WEEKDAYS } from '@partage/graphql';
import { DEMO_USERS } from '../accounts/demo-seed';
import { DEMO_IMAGE_DESIGNS, seededRandom } from './demo-images';

export const DEMO_AD_COUNT = 300;
/** Unlisted ads prepared by the demo administrator. */
export const DEMO_ADMIN_AD_COUNT = 6;

export interface DemoAd {
  ownerEmail: string;
  published: boolean;
  /** Ids of DEMO_IMAGE_DESIGNS, in the ad's order: the seeder uploads them and fills `input.images`. */
  imageDesigns: string[];
  /** `images` is empty until the seeder has the files. */
  input: AdInput;
}

type Mode = 'rent' | 'sale' | 'trade' | 'donation';
type Text = readonly [fr: string, en: string];
type Language = 'both' | 'fr' | 'en';

interface Town {
  name: string;
  lat: number;
  lng: number;
  /** First three characters of its postal codes. */
  fsa: string;
}

const TOWNS: Record<string, Town> = Object.fromEntries(
  (
    [
      ['Montréal', 45.5017, -73.5673, 'H2X'],
      ['Québec', 46.8139, -71.208, 'G1R'],
      ['Laval', 45.6066, -73.7124, 'H7N'],
      ['Gatineau', 45.4765, -75.7013, 'J8X'],
      ['Longueuil', 45.5312, -73.5181, 'J4K'],
      ['Sherbrooke', 45.4042, -71.8929, 'J1H'],
      ['Trois-Rivières', 46.343, -72.543, 'G9A'],
      ['Saguenay', 48.428, -71.0686, 'G7H'],
      ['Lévis', 46.8033, -71.1779, 'G6V'],
      ['Rimouski', 48.4489, -68.5236, 'G5L'],
      ['Drummondville', 45.8833, -72.4833, 'J2B'],
      ['Saint-Jérôme', 45.7804, -74.0036, 'J7Z'],
      ['Granby', 45.4, -72.7333, 'J2G'],
      ['Rouyn-Noranda', 48.2366, -79.0231, 'J9X'],
      ['Gaspé', 48.8317, -64.4869, 'G4X'],
      ['Sept-Îles', 50.2001, -66.3821, 'G4R'],
      ['Saint-Hyacinthe', 45.6307, -72.9569, 'J2S'],
      ['Victoriaville', 46.0571, -71.9579, 'G6P'],
      ['Joliette', 46.0217, -73.4402, 'J6E'],
      ['Alma', 48.55, -71.65, 'G8B'],
      ['Baie-Comeau', 49.2167, -68.15, 'G4Z'],
      ["Val-d'Or", 48.0975, -77.7828, 'J9P'],
      ['Terrebonne', 45.7, -73.6333, 'J6W'],
      ['Saint-Georges', 46.1167, -70.6667, 'G5Y'],
      ['Thetford Mines', 46.0931, -71.3056, 'G6G'],
      ['Magog', 45.2667, -72.15, 'J1X'],
      ['Shawinigan', 46.5667, -72.75, 'G9N'],
      ['Rivière-du-Loup', 47.8333, -69.5333, 'G5R'],
      ['Mont-Laurier', 46.55, -75.5, 'J9L'],
    ] as const
  ).map(([name, lat, lng, fsa]) => [name, { name, lat, lng, fsa }]),
);

const STREETS = [
  'rue Principale',
  'rue Notre-Dame',
  'rue Saint-Jean',
  "rue de l'Église",
  'boulevard Industriel',
  'rue du Commerce',
  'avenue de la Gare',
  'rue des Érables',
  'rue Saint-Joseph',
  'boulevard Laurier',
  'rue Wellington',
  'rue King',
  'chemin du Lac',
  'rue Cartier',
  'boulevard de la Rive',
  'rue des Pionniers',
  'avenue du Parc',
  'rue Racine',
];

/** Who posts what, and where: each demo organisation has its trade and its region. */
interface Poster {
  email: string;
  share: number;
  categories: AdCategory[];
  towns: string[];
  /** Share of its ads left unpublished. */
  unpublished: number;
}

const POSTERS: Poster[] = [
  {
    email: 'proprietaire@exemple.ca',
    share: 0.18,
    categories: ['PROFESSIONAL_KITCHEN', 'PROFESSIONAL_COOKING_EQUIPMENT', 'PREP_EQUIPMENT', 'SURPLUS', 'OTHER'],
    towns: ['Montréal', 'Laval', 'Longueuil'],
    unpublished: 0.3,
  },
  {
    email: 'traiteur@exemple.ca',
    share: 0.17,
    categories: ['PROFESSIONAL_KITCHEN', 'PROFESSIONAL_COOKING_EQUIPMENT', 'PREP_EQUIPMENT', 'REFRIGERATION_EQUIPMENT'],
    towns: ['Québec', 'Lévis', 'Saint-Georges', 'Thetford Mines'],
    unpublished: 0.1,
  },
  {
    email: 'transport@exemple.ca',
    share: 0.17,
    categories: ['DELIVERY_TRUCK', 'REFRIGERATION_EQUIPMENT', 'HEAVY_EQUIPMENT'],
    towns: ['Saint-Jérôme', 'Laval', 'Gatineau', 'Mont-Laurier', 'Terrebonne', 'Rouyn-Noranda', "Val-d'Or"],
    unpublished: 0.1,
  },
  {
    email: 'ferme@exemple.ca',
    share: 0.17,
    categories: ['SURPLUS', 'STORAGE_SPACE', 'HEAVY_EQUIPMENT', 'REFRIGERATION_EQUIPMENT'],
    towns: ['Sherbrooke', 'Granby', 'Magog', 'Drummondville', 'Victoriaville', 'Saint-Hyacinthe'],
    unpublished: 0.1,
  },
  {
    email: 'ecole@exemple.ca',
    share: 0.15,
    categories: ['PROFESSIONAL_KITCHEN', 'PROFESSIONAL_COOKING_EQUIPMENT', 'PREP_EQUIPMENT', 'OTHER'],
    towns: ['Saguenay', 'Alma', 'Trois-Rivières', 'Shawinigan', 'Joliette'],
    unpublished: 0.1,
  },
  {
    email: 'conserverie@exemple.ca',
    share: 0.16,
    categories: ['STORAGE_SPACE', 'REFRIGERATION_EQUIPMENT', 'HEAVY_EQUIPMENT', 'SURPLUS', 'DELIVERY_TRUCK', 'OTHER'],
    towns: ['Rimouski', 'Rivière-du-Loup', 'Gaspé', 'Sept-Îles', 'Baie-Comeau'],
    unpublished: 0.1,
  },
];

const ADMIN_EMAIL = 'admin@exemple.ca';

/** What can be done with each category, and in which price band (dollars) for rent and sale. */
interface CategoryText {
  modes: Mode[];
  subjects: Text[];
  intros: Text[];
  features: Text[];
  /** What a rent price is for, with the owner's note on what it covers. */
  rentUnit: RentNote[];
  rentDollars: [number, number];
  saleDollars: [number, number];
  certifications: Certification[];
  allergens: Allergen[];
}

interface RentNote {
  unit: RentUnit;
  note: Text;
}

const RENT_BY_HOUR: RentNote = { unit: 'HOUR', note: ['Taxes en sus', 'Plus taxes'] };
const RENT_BY_DAY: RentNote = { unit: 'DAY', note: ['Taxes en sus', 'Plus taxes'] };
const RENT_BY_WEEK: RentNote = { unit: 'WEEK', note: ['Nettoyage inclus', 'Cleaning included'] };
const RENT_BY_MONTH: RentNote = { unit: 'MONTH', note: ['Électricité incluse', 'Electricity included'] };

const CATEGORIES: Record<AdCategory, CategoryText> = {
  PROFESSIONAL_KITCHEN: {
    modes: ['rent', 'rent', 'rent', 'trade', 'donation'],
    subjects: [
      ['Cuisine commerciale certifiée', 'Certified commercial kitchen'],
      ['Cuisine de production équipée', 'Fully equipped production kitchen'],
      ['Cuisine de traiteur avec chambre froide', 'Catering kitchen with walk-in cooler'],
      ['Cuisine communautaire', 'Community kitchen'],
      ['Laboratoire de pâtisserie', 'Pastry kitchen'],
      ['Cuisine de salle paroissiale rénovée', 'Renovated parish hall kitchen'],
    ],
    intros: [
      [
        'Notre cuisine est libre quand nos équipes ne l’utilisent pas : idéale pour une jeune entreprise alimentaire de {town}.',
        'Our kitchen is free when our teams are not using it: ideal for a young food business in {town}.',
      ],
      [
        'Cuisine inspectée par le MAPAQ, propre et bien entretenue, au cœur de {town}.',
        'Kitchen inspected by MAPAQ, clean and well kept, in the heart of {town}.',
      ],
      [
        'Partagez une cuisine professionnelle complète plutôt que d’investir dans la vôtre.',
        'Share a complete professional kitchen instead of investing in your own.',
      ],
    ],
    features: [
      ['Hotte commerciale avec système d’extinction', 'Commercial hood with fire suppression'],
      ['Deux plans de travail en inox de 8 pieds', 'Two 8-foot stainless steel work tables'],
      ['Lave-vaisselle commercial et plonge à trois bacs', 'Commercial dishwasher and three-compartment sink'],
      ['Chambre froide de 8 x 10 pieds', '8 x 10 ft walk-in cooler'],
      ['Espace d’entreposage sec réservé', 'Dedicated dry storage space'],
      ['Stationnement et quai de livraison', 'Parking and delivery dock'],
      ['Accès Wi-Fi et vestiaire pour le personnel', 'Wi-Fi access and staff locker room'],
    ],
    rentUnit: [RENT_BY_HOUR, { unit: 'FLAT', note: ['Pour la soirée (17 h à 23 h)', 'For the evening (5 to 11 p.m.)'] }],
    rentDollars: [25, 60],
    saleDollars: [0, 0],
    certifications: ['RESTAURANT_KITCHEN_PERMIT', 'C1_KITCHEN_PERMIT', 'HACCP'],
    allergens: ['NUTS', 'PEANUTS', 'GLUTEN', 'MILK', 'EGGS', 'SESAME'],
  },
  DELIVERY_TRUCK: {
    modes: ['rent', 'rent', 'sale', 'trade'],
    subjects: [
      ['Camion cube réfrigéré', 'Refrigerated cube truck'],
      ['Fourgonnette de livraison', 'Delivery van'],
      ['Camion de 16 pieds avec hayon', '16-foot truck with tailgate lift'],
      ['Camion de livraison isolé', 'Insulated delivery truck'],
    ],
    intros: [
      [
        'Notre camion dort au garage la fin de semaine : louez-le pour vos livraisons dans la région de {town}.',
        'Our truck sits in the garage on weekends: rent it for your deliveries around {town}.',
      ],
      [
        'Camion entretenu chez le concessionnaire, inspection mécanique à jour.',
        'Truck serviced at the dealership, mechanical inspection up to date.',
      ],
      [
        'Partage de route possible avec nos tournées régulières vers les épiceries de la région.',
        'Route sharing possible with our regular runs to the region’s grocery stores.',
      ],
    ],
    features: [
      ['Groupe frigorifique maintenant de 0 à 4 °C', 'Refrigeration unit holding 0 to 4 °C'],
      ['Hayon élévateur de 1 500 lb', '1,500 lb tailgate lift'],
      ['Rails d’arrimage et couvertures fournis', 'Tie-down rails and blankets included'],
      ['Permis de classe 5 suffisant', 'Class 5 licence is enough'],
      ['Pneus d’hiver neufs', 'New winter tires'],
      ['Caméra de recul', 'Backup camera'],
    ],
    rentUnit: [RENT_BY_DAY, { unit: 'DAY', note: ['200 km inclus', '200 km included'] }],
    rentDollars: [120, 260],
    saleDollars: [18_000, 65_000],
    certifications: ['HACCP'],
    allergens: [],
  },
  STORAGE_SPACE: {
    modes: ['rent', 'rent', 'trade', 'donation'],
    subjects: [
      ['Espace d’entreposage sec', 'Dry storage space'],
      ['Entrepôt avec quai de chargement', 'Warehouse with loading dock'],
      ['Espaces de palettes en entrepôt', 'Pallet spaces in a warehouse'],
      ['Local d’entreposage chauffé', 'Heated storage room'],
    ],
    intros: [
      [
        'Nous avons plus d’espace que nécessaire dans notre entrepôt de {town} et le partageons volontiers.',
        'We have more room than we need in our {town} warehouse and are glad to share it.',
      ],
      ['Espace propre, sec et sécurisé, accessible avec un transpalette.', 'Clean, dry and secure space, reachable with a pallet jack.'],
    ],
    features: [
      ['Quai de chargement et niveleur', 'Loading dock with leveller'],
      ['Système d’alarme et caméras', 'Alarm system and cameras'],
      ['Étagères industrielles fournies', 'Industrial shelving provided'],
      ['Contrôle des ravageurs mensuel', 'Monthly pest control'],
      ['Accès en semaine de 7 h à 18 h', 'Access on weekdays from 7 a.m. to 6 p.m.'],
    ],
    rentUnit: [RENT_BY_MONTH, { unit: 'MONTH', note: ['Par palette', 'Per pallet'] }],
    rentDollars: [80, 900],
    saleDollars: [0, 0],
    certifications: ['HACCP', 'GFSI'],
    allergens: [],
  },
  PROFESSIONAL_COOKING_EQUIPMENT: {
    modes: ['sale', 'sale', 'rent', 'trade', 'donation'],
    subjects: [
      ['Four mixte Rational 10 grilles', 'Rational 10-pan combi oven'],
      ['Cuisinière 6 ronds avec four', '6-burner range with oven'],
      ['Friteuse double au gaz', 'Double gas fryer'],
      ['Plaque de cuisson 36 pouces', '36-inch griddle'],
      ['Marmite basculante de 40 gallons', '40-gallon tilting kettle'],
      ['Four à convection', 'Convection oven'],
    ],
    intros: [
      [
        'Nous remplaçons notre équipement lors de rénovations : il fonctionne parfaitement.',
        'We are replacing our equipment during renovations: it works perfectly.',
      ],
      [
        'Appareil professionnel entretenu chaque année par un technicien certifié.',
        'Professional appliance serviced every year by a certified technician.',
      ],
      [
        'Idéal pour un traiteur ou une cuisine collective qui augmente sa production.',
        'Ideal for a caterer or a community kitchen growing its production.',
      ],
    ],
    features: [
      ['Branchement 208 V triphasé', '208 V three-phase connection'],
      ['Manuel et pièces de rechange inclus', 'Manual and spare parts included'],
      ['Au gaz naturel, convertible au propane', 'Natural gas, convertible to propane'],
      ['Homologué CSA', 'CSA certified'],
      ['Nettoyé et dégraissé', 'Cleaned and degreased'],
    ],
    rentUnit: [RENT_BY_WEEK, RENT_BY_DAY],
    rentDollars: [60, 350],
    saleDollars: [600, 14_000],
    certifications: [],
    allergens: [],
  },
  PREP_EQUIPMENT: {
    modes: ['sale', 'rent', 'trade', 'donation'],
    subjects: [
      ['Batteur sur socle de 20 litres', '20-litre stand mixer'],
      ['Trancheuse à viande', 'Meat slicer'],
      ['Robot-coupe professionnel', 'Professional food processor'],
      ['Table de travail en inox', 'Stainless steel work table'],
      ['Ensacheuse sous vide', 'Vacuum packing machine'],
      ['Laminoir à pâte', 'Dough sheeter'],
    ],
    intros: [
      [
        'Équipement de préparation en très bon état, utilisé dans notre cuisine de {town}.',
        'Prep equipment in very good condition, used in our {town} kitchen.',
      ],
      ['Nous avons regroupé nos activités et cet appareil ne sert plus.', 'We merged our operations and this machine is no longer used.'],
    ],
    features: [
      ['Lames et accessoires inclus', 'Blades and attachments included'],
      ['Branchement 120 V standard', 'Standard 120 V plug'],
      ['Pièces en contact avec les aliments en inox', 'Stainless steel food-contact parts'],
      ['Facile à démonter pour le nettoyage', 'Easy to take apart for cleaning'],
      ['Garantie du fabricant jusqu’en 2027', 'Manufacturer’s warranty until 2027'],
    ],
    rentUnit: [RENT_BY_WEEK, RENT_BY_DAY],
    rentDollars: [25, 150],
    saleDollars: [150, 4_500],
    certifications: [],
    allergens: ['WHEAT', 'GLUTEN', 'EGGS', 'MILK'],
  },
  REFRIGERATION_EQUIPMENT: {
    modes: ['sale', 'sale', 'rent', 'donation', 'trade'],
    subjects: [
      ['Réfrigérateur commercial deux portes', 'Two-door commercial refrigerator'],
      ['Congélateur coffre de 20 pi³', '20 cu ft chest freezer'],
      ['Chambre froide modulaire', 'Modular walk-in cooler'],
      ['Comptoir réfrigéré à sandwichs', 'Refrigerated sandwich prep counter'],
      ['Refroidisseur rapide', 'Blast chiller'],
    ],
    intros: [
      [
        'Appareil de réfrigération fiable, thermomètre calibré, prêt à ramasser à {town}.',
        'Reliable refrigeration unit with a calibrated thermometer, ready for pick-up in {town}.',
      ],
      [
        'Nous avons agrandi notre chambre froide et n’avons plus besoin de cet appareil.',
        'We enlarged our walk-in cooler and no longer need this unit.',
      ],
    ],
    features: [
      ['Compresseur remplacé l’an dernier', 'Compressor replaced last year'],
      ['Réfrigérant R-290 écoénergétique', 'Energy-efficient R-290 refrigerant'],
      ['Roulettes verrouillables', 'Locking casters'],
      ['Tablettes ajustables', 'Adjustable shelves'],
      ['Registre de températures disponible', 'Temperature log available'],
    ],
    rentUnit: [RENT_BY_MONTH, RENT_BY_WEEK],
    rentDollars: [80, 600],
    saleDollars: [400, 9_500],
    certifications: ['HACCP'],
    allergens: [],
  },
  HEAVY_EQUIPMENT: {
    modes: ['rent', 'sale', 'sale', 'trade'],
    subjects: [
      ['Chariot élévateur électrique', 'Electric forklift'],
      ['Transpalette électrique', 'Electric pallet jack'],
      ['Laveuse à légumes industrielle', 'Industrial vegetable washer'],
      ['Ligne d’embouteillage semi-automatique', 'Semi-automatic bottling line'],
      ['Génératrice de 20 kW', '20 kW generator'],
    ],
    intros: [
      [
        'Équipement lourd entretenu régulièrement, disponible à notre usine de {town}.',
        'Heavy equipment serviced regularly, available at our {town} plant.',
      ],
      [
        'Parfait pour une transformatrice ou une ferme qui prend de l’expansion.',
        'Perfect for a food processor or a farm that is expanding.',
      ],
    ],
    features: [
      ['Capacité de 2 500 kg', '2,500 kg capacity'],
      ['Batterie neuve et chargeur inclus', 'New battery and charger included'],
      ['Formation de base offerte', 'Basic training offered'],
      ['Carnet d’entretien complet', 'Complete maintenance log'],
      ['Transport possible à vos frais', 'Transport possible at your expense'],
    ],
    rentUnit: [RENT_BY_DAY, RENT_BY_WEEK],
    rentDollars: [90, 700],
    saleDollars: [2_500, 45_000],
    certifications: [],
    allergens: [],
  },
  SURPLUS: {
    modes: ['donation', 'donation', 'sale', 'trade'],
    subjects: [
      ['Surplus de légumes racines', 'Surplus root vegetables'],
      ['Caisses de pommes déclassées', 'Cases of second-grade apples'],
      ['Surplus de pains et viennoiseries', 'Surplus bread and pastries'],
      ['Contenants de conserve neufs', 'New canning jars'],
      ['Surplus de fromage en grains', 'Surplus cheese curds'],
      ['Emballages compostables', 'Compostable packaging'],
    ],
    intros: [
      [
        'Plutôt que de gaspiller, nous offrons nos surplus aux organismes et entreprises de {town}.',
        'Rather than waste them, we offer our surplus to organisations and businesses in {town}.',
      ],
      [
        'Produits de qualité, simplement en trop pour notre production cette semaine.',
        'Quality products, simply more than our production needs this week.',
      ],
    ],
    features: [
      ['Environ 300 kg disponibles', 'About 300 kg available'],
      ['À ramasser dans les 10 jours', 'To be picked up within 10 days'],
      ['Conservés au froid jusqu’au ramassage', 'Kept cold until pick-up'],
      ['Étiquetage et traçabilité disponibles', 'Labelling and traceability available'],
      ['Quantités partielles possibles', 'Partial quantities possible'],
    ],
    rentUnit: [RENT_BY_WEEK],
    rentDollars: [0, 0],
    saleDollars: [20, 400],
    certifications: ['GFSI', 'HACCP'],
    allergens: ['WHEAT', 'GLUTEN', 'MILK', 'EGGS', 'SOY', 'SULPHITES'],
  },
  OTHER: {
    modes: ['rent', 'sale', 'trade', 'donation'],
    subjects: [
      ['Kiosque de marché pliant', 'Folding market stall'],
      ['Chariot de distribution alimentaire', 'Food distribution cart'],
      ['Bacs isothermes pour traiteur', 'Insulated catering carriers'],
      ['Balance commerciale certifiée', 'Certified commercial scale'],
    ],
    intros: [
      [
        'Matériel utile pour les marchés publics et les événements de la région de {town}.',
        'Handy gear for public markets and events around {town}.',
      ],
      ['Bon état général, quelques marques d’usure.', 'Good overall condition, a few signs of wear.'],
    ],
    features: [
      ['Se range facilement dans une fourgonnette', 'Fits easily in a van'],
      ['Montage en 10 minutes', 'Sets up in 10 minutes'],
      ['Lavable et résistant', 'Washable and sturdy'],
      ['Plusieurs unités disponibles', 'Several units available'],
    ],
    rentUnit: [RENT_BY_DAY, RENT_BY_WEEK],
    rentDollars: [20, 120],
    saleDollars: [50, 1_500],
    certifications: [],
    allergens: [],
  },
};

const MODE_PHRASE: Record<Mode, Text> = {
  rent: ['à louer', 'for rent'],
  sale: ['à vendre', 'for sale'],
  trade: ['à échanger', 'for trade'],
  donation: ['à donner', 'to give away'],
};

const CLOSINGS: Record<Mode, Text> = {
  rent: [
    'Réservation au moins <strong>48 heures</strong> à l’avance; visite possible sur rendez-vous.',
    'Please book at least <strong>48 hours</strong> ahead; visits by appointment.',
  ],
  sale: ['Vendu <strong>tel quel</strong>, à ramasser sur place.', 'Sold <strong>as is</strong>, pick-up on site.'],
  trade: [
    'Ouvert à un <strong>échange</strong> contre de l’équipement ou des heures de cuisine.',
    'Open to a <strong>trade</strong> for equipment or kitchen hours.',
  ],
  donation: [
    'Offert <strong>gratuitement</strong> à un organisme ou une entreprise d’économie sociale.',
    'Offered <strong>free</strong> to a non-profit or a social economy business.',
  ],
};

const TRADE_NOTES: Text[] = [
  ['Échange contre un batteur sur socle ou un laminoir.', 'Will trade for a stand mixer or a dough sheeter.'],
  ['Échange contre des heures de cuisine ou d’entreposage.', 'Will trade for kitchen or storage hours.'],
  ['Échange contre des produits de notre région.', 'Will trade for products from our region.'],
];
const DONATION_NOTES: Text[] = [
  ['Donné à un organisme qui vient le chercher.', 'Given to an organisation that picks it up.'],
  ['Priorité aux banques alimentaires et cuisines collectives.', 'Food banks and community kitchens come first.'],
];
const SALE_NOTES: Text[] = [
  ['Taxes incluses', 'Taxes included'],
  ['Prix négociable', 'Negotiable price'],
  ['Livraison possible en sus', 'Delivery available at extra cost'],
];

const CONDITIONS: Text[] = [
  ['Nettoyage complet après usage.', 'Full clean-up after use.'],
  ['Preuve d’assurance responsabilité exigée.', 'Proof of liability insurance required.'],
  ['Dépôt de garantie de 200 $ remboursable.', 'Refundable $200 deposit.'],
  ['Ramassage sur place seulement.', 'Pick-up on site only.'],
];

const KITCHEN_EQUIPMENT_CHOICES: KitchenEquipment[] = [
  'STOVE',
  'OVEN',
  'FRIDGE',
  'FREEZER',
  'COLD_ROOM',
  'SINK_DISHWASHER',
  'WORKPLAN',
  'COOKING_TOOLS',
  'DRY_STORAGE_SPACE',
  'MICROWAVES',
];
const TRUCK_TYPES: TruckType[] = ['VAN', 'CUBE_12_FT', 'CUBE_14_FT', 'CUBE_16_FT_AND_MORE', 'OTHER'];
const WEEKEND: Weekday[] = ['SATURDAY', 'SUNDAY'];
const WORKWEEK: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

/** The tax mode a demo ad's notes announce: "Taxes incluses" on its sale, else taxes on top (issue 39 §3). */
function taxModeOfNotes(...offers: Array<AdInput['rent']>): TaxMode {
  const included = offers.some((offer) =>
    [offer?.description?.fr, offer?.description?.en].some((note) => note && SALE_NOTES[0]!.includes(note)),
  );
  return included ? 'INCLUDED' : 'ADDED';
}

/** The bucket of spec §9 that holds a price in dollars. */
export function priceRangeOf(dollars: number): PriceRange {
  if (dollars < 100) return 'FROM_0_TO_100';
  if (dollars < 500) return 'FROM_100_TO_500';
  if (dollars < 1000) return 'FROM_500_TO_1000';
  if (dollars < 2000) return 'FROM_1000_TO_2000';
  return 'FROM_2000';
}

const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/** The demo ads, the same on every call for one `today` (YYYY-MM-DD in Quebec). */
export function demoAds(today: string): DemoAd[] {
  const random = seededRandom(20_261_123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const count = Math.min(pool.length, between(min, max));
    return Array.from({ length: count }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  };
  const organizationOf = (email: string) => DEMO_USERS.find((user) => user.email === email)?.organizationName ?? null;

  /** A price in the range; a rent one says what it is for (its unit), a sale one has none. */
  function price(dollarRange: [number, number], notes: RentNote[] | Text[], language: Language): PriceOfferInput {
    const roll = random();
    const picked = pick<RentNote | Text>(notes);
    const [unit, note] = 'unit' in picked ? [picked.unit, picked.note] : [null, picked];
    const description = localized(note, language);
    if (roll < 0.15) return { kind: 'TO_BE_DETERMINED', unit, description };
    // Round to a price people write: whole dollars, to the 5 or 50 above 100.
    const dollars = between(...dollarRange);
    const step = dollars >= 1000 ? 50 : dollars >= 100 ? 5 : 1;
    const rounded = Math.max(step, Math.round(dollars / step) * step);
    if (roll < 0.4) return { kind: 'RANGE', range: priceRangeOf(rounded), unit, description };
    // Some sellers price just under a round figure (1 249,99 $); rents stay round.
    const cents = rounded * 100 - (notes === SALE_NOTES && rounded >= 100 && chance(0.3) ? 1 : 0);
    return { kind: 'AMOUNT', amountCents: cents, unit, description };
  }

  function availability(category: AdCategory): AvailabilityInput {
    const restrictions = some([3, 5, 8, 12, 15, 21, 28, 35, 42, 56], 0, chance(0.5) ? 4 : 0)
      .sort((a, b) => a - b)
      .map((days) => ({ date: addDays(today, days), period: pick(DAY_PERIODS) as DayPeriod }));
    if (category === 'PROFESSIONAL_KITCHEN') {
      const kind = pick(['evenings', 'weekends', 'days'] as const);
      if (kind === 'evenings') return { all: false, day: false, evening: true, weekdays: some(WORKWEEK, 2, 5), restrictions };
      if (kind === 'weekends') return { all: false, day: true, evening: true, weekdays: [...WEEKEND], restrictions };
      return { all: false, day: true, evening: false, weekdays: some(WEEKDAYS, 2, 4), restrictions };
    }
    if (category === 'DELIVERY_TRUCK' && chance(0.5))
      return { all: false, day: true, evening: false, weekdays: chance(0.5) ? [...WEEKEND] : some(WORKWEEK, 1, 3), restrictions };
    return { all: true, day: false, evening: false, weekdays: [], restrictions };
  }

  function localized(text: Text, language: Language): { fr: string | null; en: string | null } {
    return { fr: language === 'en' ? null : text[0], en: language === 'fr' ? null : text[1] };
  }

  function compose(ownerEmail: string, category: AdCategory, town: Town): Omit<DemoAd, 'published'> {
    const spec = CATEGORIES[category];
    const language: Language = chance(0.25) ? 'fr' : chance(0.07) ? 'en' : 'both';
    // One word of the owner's language in the plain-text fields: French unless the ad is English only.
    const plain = (text: Text) => (language === 'en' ? text[1] : text[0]);
    const modes = [...new Set([pick(spec.modes), ...(chance(0.3) ? [pick(spec.modes)] : [])])] as Mode[];
    const availabilityInput = availability(category);
    const subject = pick(spec.subjects);
    const when: Text | null =
      modes[0] !== 'rent'
        ? null
        : availabilityInput.evening && !availabilityInput.day
          ? ['les soirs', 'on evenings']
          : availabilityInput.weekdays.length === 2 && availabilityInput.weekdays.every((d) => WEEKEND.includes(d))
            ? ['la fin de semaine', 'on weekends']
            : null;
    const modeText = (i: 0 | 1) => modes.map((mode) => MODE_PHRASE[mode][i]).join(i === 0 ? ' ou ' : ' or ');
    const title: Text = [
      [subject[0], modeText(0), when?.[0] ?? `à ${town.name}`].join(' '),
      [subject[1], modeText(1), when?.[1] ?? `in ${town.name}`].join(' '),
    ];
    const intro = pick(spec.intros);
    const features = some(spec.features, 3, 4);
    const html = (i: 0 | 1) =>
      `<p>${intro[i].replace('{town}', town.name)}</p><ul>${features.map((f) => `<li>${f[i]}</li>`).join('')}</ul>` +
      modes.map((mode) => `<p>${CLOSINGS[mode][i]}</p>`).join('');

    const street = `${between(10, 9_800)}, ${pick(STREETS)}`;
    const postalCode = `${town.fsa} ${between(1, 9)}${pick([...POSTAL_LETTERS])}${between(0, 9)}`;
    // Within about 3 km of the town centre.
    const latitude = Number((town.lat + (random() - 0.5) * 0.05).toFixed(5));
    const longitude = Number((town.lng + (random() - 0.5) * 0.07).toFixed(5));

    const input: AdInput = {
      title: localized(title, language),
      description: { fr: language === 'en' ? null : html(0), en: language === 'fr' ? null : html(1) },
      category,
      address: { address: `${street}, ${town.name}`, town: town.name, postalCode, latitude, longitude, showAddress: chance(0.6) },
      availability: availabilityInput,
      certifications: spec.certifications.length && chance(0.5) ? some(spec.certifications, 1, 2) : [],
      allergens: spec.allergens.length && chance(0.6) ? some(spec.allergens, 1, 3) : [],
      rent: modes.includes('rent') ? price(spec.rentDollars, spec.rentUnit, language) : null,
      sale: modes.includes('sale') ? price(spec.saleDollars, SALE_NOTES, language) : null,
      trade: modes.includes('trade') ? { description: localized(pick(TRADE_NOTES), language) } : null,
      donation: modes.includes('donation') ? { description: localized(pick(DONATION_NOTES), language) } : null,
      conditions: chance(0.6) ? plain(pick(CONDITIONS)) : null,
      organization: organizationOf(ownerEmail),
      images: [],
      infoIsTrue: true,
      ...categoryFields(category, plain),
    };
    if (input.rent || input.sale) input.taxMode = taxModeOfNotes(input.rent, input.sale);
    // Read off the street number rather than drawn: the demo's other draws (and the ads they make) stay as they were.
    if (input.rent) input.cancellationPolicy = CANCELLATION_POLICIES[Number.parseInt(street, 10) % CANCELLATION_POLICIES.length];
    const designs = DEMO_IMAGE_DESIGNS.filter((design) => design.category === category).map((design) => design.id);
    return { ownerEmail, imageDesigns: some(designs, 1, 3), input };
  }

  function categoryFields(category: AdCategory, plain: (text: Text) => string): Partial<AdInput> {
    switch (category) {
      case 'PROFESSIONAL_KITCHEN': {
        const equipment = some(KITCHEN_EQUIPMENT_CHOICES, 4, 8);
        const withOther = chance(0.2);
        const size = between(35, 180);
        return {
          professionalKitchenEquipment: withOther ? [...equipment, 'OTHER'] : equipment,
          professionalKitchenEquipmentOther: withOther ? plain(['Trancheuse et robot-coupe', 'Slicer and food processor']) : null,
          surfaceDescription: plain([
            'Cuisine au rez-de-chaussée, entrée de livraison séparée',
            'Ground-floor kitchen, separate delivery entrance',
          ]),
          surfaceSize: `${size} m²`,
          equipment: plain(['Ustensiles, chaudrons et contenants fournis', 'Utensils, pots and containers provided']),
        };
      }
      case 'DELIVERY_TRUCK': {
        const type = pick(TRUCK_TYPES);
        return {
          deliveryTruckType: type,
          deliveryTruckTypeOther: type === 'OTHER' ? plain(['Remorque réfrigérée de 20 pieds', '20-foot refrigerated trailer']) : null,
          canHaveDriver: chance(0.5),
          canShareRoad: chance(0.4),
          refrigerated: chance(0.6),
          conditionsTypeDeliveryTruck: plain(['Permis de classe 5; plein d’essence au retour', 'Class 5 licence; return with a full tank']),
        };
      }
      case 'STORAGE_SPACE':
        return {
          surfaceDescription: plain([
            'Entrepôt sec au rez-de-chaussée, plafond de 18 pieds',
            'Dry ground-floor warehouse, 18-foot ceiling',
          ]),
          surfaceSize: chance(0.5) ? `${between(20, 400)} m²` : plain([`${between(4, 40)} palettes`, `${between(4, 40)} pallets`]),
        };
      case 'OTHER':
        return { descriptionOther: plain(['Matériel de marché et d’événements', 'Market and event equipment']) };
      default:
        return {};
    }
  }

  const ads: DemoAd[] = [];
  const listed = DEMO_AD_COUNT - DEMO_ADMIN_AD_COUNT;
  POSTERS.forEach((poster, index) => {
    // The last poster takes what rounding left, so the total is exact.
    const count = index === POSTERS.length - 1 ? listed - ads.length : Math.round(poster.share * listed);
    for (let i = 0; i < count; i++) {
      // Every category of the poster in turn first, so each appears; then at random.
      const category = i < poster.categories.length ? poster.categories[i]! : pick(poster.categories);
      const ad = compose(poster.email, category, TOWNS[pick(poster.towns)]!);
      // Its first two ads show both states, so every owner has a draft and a published ad.
      const published = i === 0 ? true : i === 1 ? false : !chance(poster.unpublished);
      ads.push({ ...ad, published });
    }
  });
  // Administrators prepare ads for organisations that will take them over: unlisted, never published here.
  for (let i = 0; i < DEMO_ADMIN_AD_COUNT; i++) {
    const category = AD_CATEGORIES[(i * 2) % AD_CATEGORIES.length]!;
    const ad = compose(ADMIN_EMAIL, category, pick(Object.values(TOWNS)));
    ads.push({ ...ad, input: { ...ad.input, organization: null }, published: false });
  }
  // Interleave the owners, so the newest ads (created last) are not all one organisation's.
  for (let i = ads.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ads[i], ads[j]] = [ads[j]!, ads[i]!];
  }
  return ads;
}

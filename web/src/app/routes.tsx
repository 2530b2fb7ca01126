// The screens of spec §2 built so far. Later capabilities add theirs; any other path is not found.
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell';
import { RequireAnonymous, RequireRole, RootRedirect } from './guards';
import { lazyPage } from './lazy-page';
import { PATHS } from './paths';
import { PageLayout } from './PageLayout';
import { RouteError } from './RouteError';
// Tiny, and also shown by pages (an ad one may not edit): part of the shell rather than a chunk.
import { NotFoundPage } from './NotFoundPage';

/** A path that moved: the same query (an e-mailed link's token) at its new address. */
function MovedTo({ pathname }: { pathname: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname, search }} replace />;
}

const LandingPage = lazyPage(() => import('../features/site/LandingPage').then((m) => m.LandingPage));
const SharePage = lazyPage(() => import('../features/site/SharePage').then((m) => m.SharePage));
const FindPage = lazyPage(() => import('../features/site/FindPage').then((m) => m.FindPage));
const AboutPage = lazyPage(() => import('../features/site/AboutPage').then((m) => m.AboutPage));
const FaqPage = lazyPage(() => import('../features/site/FaqPage').then((m) => m.FaqPage));
const LoginPage = lazyPage(() => import('../features/accounts/LoginPage').then((m) => m.LoginPage));
const AccountSettingsPage = lazyPage(() => import('../features/accounts/AccountSettingsPage').then((m) => m.AccountSettingsPage));
const ConfirmEmailPage = lazyPage(() => import('../features/accounts/email/ConfirmEmailPage').then((m) => m.ConfirmEmailPage));
const ResendConfirmationPage = lazyPage(() =>
  import('../features/accounts/email/ResendConfirmationPage').then((m) => m.ResendConfirmationPage),
);
const ForgotPasswordPage = lazyPage(() => import('../features/accounts/password/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('../features/accounts/password/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const AdminRegistrationPage = lazyPage(() =>
  import('../features/accounts/admin-registration/AdminRegistrationPage').then((m) => m.AdminRegistrationPage),
);
const UserListPage = lazyPage(() => import('../features/admin/users/UserListPage').then((m) => m.UserListPage));
const TermsAdminPage = lazyPage(() => import('../features/admin/terms/TermsAdminPage').then((m) => m.TermsAdminPage));
const ModerationQueuePage = lazyPage(() => import('../features/admin/moderation/ModerationQueuePage').then((m) => m.ModerationQueuePage));
const CreateAdminPage = lazyPage(() => import('../features/admin/users/CreateAdminPage').then((m) => m.CreateAdminPage));
const PrivacyRequestsPage = lazyPage(() => import('../features/admin/privacy/PrivacyRequestsPage').then((m) => m.PrivacyRequestsPage));
const LinkedAccountsPage = lazyPage(() => import('../features/admin/linked-accounts/LinkedAccountsPage').then((m) => m.LinkedAccountsPage));
const PrivacyPage = lazyPage(() => import('../features/site/PrivacyPage').then((m) => m.PrivacyPage));
const SignupPage = lazyPage(() => import('../features/accounts/signup/SignupPage').then((m) => m.SignupPage));
const EditProfilePage = lazyPage(() => import('../features/accounts/profile/EditProfilePage').then((m) => m.EditProfilePage));
const AdminCreateUserPage = lazyPage(() => import('../features/admin/user-form/AdminCreateUserPage').then((m) => m.AdminCreateUserPage));
const AdminEditUserPage = lazyPage(() => import('../features/admin/user-form/AdminEditUserPage').then((m) => m.AdminEditUserPage));
const CreateAdPage = lazyPage(() => import('../features/ad-form/AdFormPages').then((m) => m.CreateAdPage));
const EditAdPage = lazyPage(() => import('../features/ad-form/AdFormPages').then((m) => m.EditAdPage));
const PrepareAdPage = lazyPage(() => import('../features/ad-form/AdFormPages').then((m) => m.PrepareAdPage));
const AdSearchPage = lazyPage(() => import('../features/search/AdSearchPage').then((m) => m.AdSearchPage));
const AdDetailPage = lazyPage(() => import('../features/ads/AdDetailPage').then((m) => m.AdDetailPage));
const ManageAdsPage = lazyPage(() => import('../features/ads/ManageAdsPage').then((m) => m.ManageAdsPage));
const TransferAdPage = lazyPage(() => import('../features/ads/TransferAdPage').then((m) => m.TransferAdPage));
const ConversationsPage = lazyPage(() => import('../features/chat/ConversationsPage').then((m) => m.ConversationsPage));
const CreateConversationPage = lazyPage(() => import('../features/chat/CreateConversationPage').then((m) => m.CreateConversationPage));
const CreateAlertPage = lazyPage(() => import('../features/alerts/CreateAlertPage').then((m) => m.CreateAlertPage));
const ConfirmAlertPage = lazyPage(() => import('../features/alerts/AlertLinkPages').then((m) => m.ConfirmAlertPage));
const DeleteAlertByLinkPage = lazyPage(() => import('../features/alerts/AlertLinkPages').then((m) => m.DeleteAlertByLinkPage));
const FavouritesPage = lazyPage(() => import('../features/favourites/FavouritesPage').then((m) => m.FavouritesPage));
const MyAlertsPage = lazyPage(() => import('../features/alerts/MyAlertsPage').then((m) => m.MyAlertsPage));
const EditAlertPage = lazyPage(() => import('../features/alerts/EditAlertPage').then((m) => m.EditAlertPage));
const ContactPage = lazyPage(() => import('../features/contact/ContactPage').then((m) => m.ContactPage));
const PaymentsPage = lazyPage(() => import('../features/payments/PaymentsPage').then((m) => m.PaymentsPage));
const OnboardingRefreshPage = lazyPage(() => import('../features/payments/OnboardingRefreshPage').then((m) => m.OnboardingRefreshPage));
const OnboardingValidatePage = lazyPage(() => import('../features/payments/OnboardingValidatePage').then((m) => m.OnboardingValidatePage));
const DashboardPage = lazyPage(() => import('../features/contracts/DashboardPage').then((m) => m.DashboardPage));
const AdminContractsPage = lazyPage(() => import('../features/contracts/AdminContractsPage').then((m) => m.AdminContractsPage));
const CreateContractPage = lazyPage(() => import('../features/contracts/ContractFormPages').then((m) => m.CreateContractPage));
const EditContractPage = lazyPage(() => import('../features/contracts/ContractFormPages').then((m) => m.EditContractPage));
const PaymentSuccessPage = lazyPage(() => import('../features/contracts/PaymentReturnPages').then((m) => m.PaymentSuccessPage));
const PaymentCancelPage = lazyPage(() => import('../features/contracts/PaymentReturnPages').then((m) => m.PaymentCancelPage));
const StopRemindersPage = lazyPage(() => import('../features/ratings/StopRemindersPage').then((m) => m.StopRemindersPage));
const RatingPage = lazyPage(() => import('../features/ratings/RatingPage').then((m) => m.RatingPage));
const ContractDetailPage = lazyPage(() => import('../features/contracts/ContractDetailPage').then((m) => m.ContractDetailPage));
const ContractReceiptPage = lazyPage(() => import('../features/contracts/ContractReceiptPage').then((m) => m.ContractReceiptPage));
const PublicProfilePage = lazyPage(() => import('../features/accounts/public-profile/PublicProfilePage').then((m) => m.PublicProfilePage));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <PageLayout fullScreen />,
        children: [
          { path: 'accueil', element: <LandingPage /> },
          { path: 'nous-joindre', element: <ContactPage /> },
          { path: 'equipement-a-partager', element: <SharePage /> },
          { path: 'recherche-d-equipement', element: <FindPage /> },
          { path: 'a-propos', element: <AboutPage /> },
          { path: 'faq', element: <FaqPage /> },
        ],
      },
      {
        element: <PageLayout />,
        children: [
          { element: <RequireAnonymous />, children: [{ path: 'connexion', element: <LoginPage /> }] },
          {
            element: <RequireRole allow={['USER', 'ADMIN']} />,
            children: [
              { path: 'parametres', element: <AccountSettingsPage /> },
              { path: 'modifier-profil', element: <EditProfilePage /> },
              { path: 'annonces/modifier/:id', element: <EditAdPage /> },
              { path: 'gerer-annonces', element: <ManageAdsPage /> },
              { path: PATHS.favourites.slice(1), element: <FavouritesPage /> },
              // The parties, and administrators (who oversee payments).
              { path: 'contrats/:id', element: <ContractDetailPage /> },
              { path: 'contrats/:id/recu', element: <ContractReceiptPage /> },
            ],
          },
          {
            element: <RequireAnonymous />,
            children: [
              { path: 'reenvoyer-courriel', element: <ResendConfirmationPage /> },
              { path: 'mot-de-passe-oublie', element: <ForgotPasswordPage /> },
              { path: 'reinitialiser-mot-de-passe', element: <ResetPasswordPage /> },
              { path: 'inscription/admin', element: <AdminRegistrationPage /> },
              { path: 'inscription', element: <SignupPage /> },
            ],
          },
          // The invitation's former path: invitations e-mailed before the move still lead to the page.
          { path: 'registration/admin', element: <MovedTo pathname={PATHS.adminRegistration} /> },
          // Visitors-only in spec §2, but signed-in users follow the link of a change of address: the page serves both.
          { path: 'confirmez-courriel', element: <ConfirmEmailPage /> },
          // How personal information is handled: for everyone, signed in or not.
          { path: PATHS.privacy.slice(1), element: <PrivacyPage /> },
          { path: 'annonces', element: <AdSearchPage /> },
          // Visitors and users (the page sends administrators away: they have no alerts); the e-mailed links need no sign-in.
          { path: 'alertes/creer', element: <CreateAlertPage /> },
          { path: 'alertes/confirmer/:id', element: <ConfirmAlertPage /> },
          { path: 'alertes/supprimer/:id', element: <DeleteAlertByLinkPage /> },
          // The rating reminders' "stop" link: its token is the authority, no sign-in.
          { path: 'evaluations/arreter-les-rappels', element: <StopRemindersPage /> },
          // `{slug}-{id}`; the fixed paths under /annonces (creer, modifier/…, transferer/…) rank first.
          { path: 'annonces/:slugAndId', element: <AdDetailPage /> },
          {
            element: <RequireRole allow={['ADMIN']} />,
            children: [
              { path: 'gestion-utilisateurs', element: <UserListPage /> },
              { path: 'gestion-utilisateurs/creer-administrateur', element: <CreateAdminPage /> },
              { path: 'gestion-utilisateurs/creer-utilisateur', element: <AdminCreateUserPage /> },
              { path: 'gestion-utilisateurs/modifier-utilisateur/:id', element: <AdminEditUserPage /> },
              { path: PATHS.privacyRequests.slice(1), element: <PrivacyRequestsPage /> },
              { path: PATHS.linkedAccounts.slice(1), element: <LinkedAccountsPage /> },
              { path: 'gestion-conditions', element: <TermsAdminPage /> },
              { path: 'moderation', element: <ModerationQueuePage /> },
              { path: PATHS.manageContracts.slice(1), element: <AdminContractsPage /> },
              { path: 'annonces/preparer', element: <PrepareAdPage /> },
              { path: 'annonces/transferer/:id', element: <TransferAdPage /> },
            ],
          },
          {
            element: <RequireRole allow={['USER']} />,
            children: [
              { path: 'profil/:id', element: <PublicProfilePage /> },
              { path: 'annonces/creer', element: <CreateAdPage /> },
              // Administrators have no conversations and no alerts (spec §6).
              { path: 'conversations', element: <ConversationsPage /> },
              { path: 'conversations/:id', element: <ConversationsPage /> },
              { path: 'conversations/creer/:adId', element: <CreateConversationPage /> },
              { path: 'alertes', element: <MyAlertsPage /> },
              { path: 'alertes/modifier/:id', element: <EditAlertPage /> },
              // Owners onboard with the payment provider; administrators are never paid (spec §6).
              { path: PATHS.payments.slice(1), element: <PaymentsPage /> },
              { path: PATHS.paymentRefresh.slice(1), element: <OnboardingRefreshPage /> },
              { path: PATHS.paymentValidate.slice(1), element: <OnboardingValidatePage /> },
              { path: 'tableau-de-bord', element: <DashboardPage /> },
              { path: 'contrats/creer', element: <CreateContractPage /> },
              { path: 'contrats/:id/modifier', element: <EditContractPage /> },
              // A party rates the rental once it is over (administrators are party to none).
              { path: 'contrats/:id/evaluation', element: <RatingPage /> },
              // The tenant comes back here from the provider's hosted Checkout.
              { path: PATHS.paymentSuccess.slice(1), element: <PaymentSuccessPage /> },
              { path: PATHS.paymentCancel.slice(1), element: <PaymentCancelPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

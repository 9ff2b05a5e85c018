import { type Feature, pageRoute } from '../../app/feature';

// Auth's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

export const authFeature: Feature = {
  name: 'auth',
  routes: {
    signedOut: [
      pageRoute('/login', () => import('./login-page'), 'LoginPage', { fullScreen: true }),
      pageRoute('/register', () => import('./register-page'), 'RegisterPage', { fullScreen: true }),
      pageRoute('/forgot-password', () => import('./forgot-password-page'), 'ForgotPasswordPage', {
        fullScreen: true,
      }),
    ],
    signedIn: [pageRoute('/profile', () => import('./profile-page'), 'ProfilePage')],
  },
};

/** Texts of the site's header and footer (namespace `layout`, issue 26): English, the catalogue every language translates. */
export const layoutStrings = {
  brand: 'Streamly',
  homeLink: 'Streamly home',
  signIn: 'Sign In',
  /** The header's account corner once signed in (here, not in auth's texts: the landing page's header needs only these). */
  account: { dashboard: 'My Streamly', adminDashboard: 'Admin', logout: 'Logout' },
  /** The signed-in header (SPEC 2 "User home" top bar), on every signed-in page. */
  header: {
    nav: { movies: 'Movies', tvShows: 'TV Shows', myList: 'My List', admin: 'Admin', primary: 'Browse' },
    searchLabel: 'Search titles',
    searchPlaceholder: 'Search titles',
    /** The account's page, in the profile menu. */
    profile: 'Account',
  },
  footerNav: 'Footer',
  footerQuestions: 'Questions?',
  footerContact: 'Contact us',
  groups: { company: 'Company', support: 'Support', legal: 'Legal' },
  links: {
    aboutUs: 'About Us',
    careers: 'Careers',
    press: 'Press',
    corporateInformation: 'Corporate Information',
    helpCenter: 'Help Center',
    contactUs: 'Contact Us',
    privacyPolicy: 'Privacy Policy',
    termsOfUse: 'Terms of Use',
    cookiePreferences: 'Cookie Preferences',
  },
  copyright: '© {{year}} Streamly. Prices in Indian rupees (₹).',
} as const;

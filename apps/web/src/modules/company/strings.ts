/**
 * The texts of the company pages (SPEC 2 "Static pages") and the cookie preferences (namespace `company`, issue
 * 26). A page's sections are lists: a translation keeps each list's length.
 */

export type CompanySection = {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly points?: readonly string[];
};
export type CompanyPageContent = {
  readonly title: string;
  readonly lead: string;
  readonly sections: readonly CompanySection[];
};

export const companyPages = {
  aboutUs: {
    title: 'About Us',
    lead: 'Streamly brings great movies and shows to every screen in India, at prices that make sense in rupees.',
    sections: [
      {
        heading: 'Our story',
        paragraphs: [
          'Streamly started in Bengaluru with a simple idea: watching a good film at home should be as easy as buying a cup of chai. We built a service that works on a patchy mobile network as well as on a living-room TV.',
          'Today our catalogue spans classics, award winners and new launches, and we add titles every week.',
        ],
      },
      {
        heading: 'How you can watch',
        points: [
          'Subscribe from ₹149 and cancel at any time.',
          'Buy a single title for ₹1200 and keep it for good.',
          'Rent a title for ₹500 and watch it within 48 hours of pressing play.',
        ],
      },
      {
        heading: 'What we care about',
        points: [
          'Honest prices in Indian rupees, with no hidden fees.',
          'A fast, accessible app in dark and light themes.',
          'Your privacy: we never sell your viewing history.',
        ],
      },
    ],
  },
  corporateInformation: {
    title: 'Corporate Information',
    lead: 'Streamly is operated by Streamly Media Private Limited, a company registered in India.',
    sections: [
      {
        heading: 'Registered office',
        paragraphs: [
          'Streamly Media Private Limited, 4th Floor, Residency Road, Bengaluru, Karnataka 560025, India.',
        ],
      },
      {
        heading: 'Company details',
        points: [
          'Incorporated under the Companies Act, 2013.',
          'All prices are in Indian rupees (₹) and include applicable GST.',
          'Grievance officer: grievance@streamly.in (we answer within 15 days).',
        ],
      },
      {
        heading: 'Investors and partners',
        paragraphs: [
          'For partnerships, content licensing and investor relations, write to partners@streamly.in.',
        ],
      },
    ],
  },
  careers: {
    title: 'Careers',
    lead: 'Help millions of people in India find their next favourite film. We hire for craft and kindness.',
    sections: [
      {
        heading: 'Open positions',
        points: [
          'Senior Backend Engineer (Node.js, MongoDB) · Bengaluru or remote in India',
          'Frontend Engineer (React, accessibility) · Bengaluru',
          'Video Platform Engineer (HLS, ffmpeg) · Pune',
          'Content Acquisition Manager (regional cinema) · Mumbai',
          'Customer Support Specialist (Hindi, Tamil or Telugu) · Hyderabad',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Send your resume and a few lines about the role you want to careers@streamly.in. We reply to every application within two weeks.',
        ],
      },
    ],
  },
  press: {
    title: 'Press',
    lead: 'News, facts and media contacts for journalists writing about Streamly.',
    sections: [
      {
        heading: 'Media contact',
        paragraphs: [
          'Write to press@streamly.in for interviews, images and statements. We answer press requests within one working day.',
        ],
      },
      {
        heading: 'Latest news',
        points: [
          'Streamly launches rentals: any title for ₹500, watch within 48 hours.',
          'Plans now start at ₹149 a month, with cancellation at any time.',
          'Dark and light themes arrive on the web app.',
        ],
      },
    ],
  },
  helpCenter: {
    title: 'Help Center',
    lead: 'Answers to the questions we hear most.',
    sections: [
      {
        heading: 'How much does Streamly cost?',
        paragraphs: [
          'Plans start at ₹149 for one month. You can also buy a title for ₹1200 or rent it for ₹500.',
        ],
      },
      {
        heading: 'How long does a rental last?',
        paragraphs: [
          'You have 30 days to start a rented title and 48 hours to finish it once you press play.',
        ],
      },
      {
        heading: 'How do I cancel my subscription?',
        paragraphs: [
          'Open your profile, choose Subscription and press Cancel Subscription. You keep access until the end of the paid period.',
        ],
      },
      {
        heading: 'I forgot my password.',
        paragraphs: [
          'Use Forgot Password on the sign-in page. We email you a one-time code to set a new password.',
        ],
      },
      {
        heading: 'Still need help?',
        paragraphs: ['Email support@streamly.in and our team will get back to you within 24 hours.'],
      },
    ],
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    lead: 'What we collect, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        points: [
          'Account details: your username, email and, if you add one, a profile picture.',
          'Viewing activity: what you watch and how far, so we can resume playback and recommend titles.',
          'Payment records from our payment partner. We never see or store your card or UPI PIN.',
        ],
      },
      {
        heading: 'How we use it',
        points: [
          'To run your account, your subscription, purchases and rentals.',
          'To personalise recommendations for you.',
          'To keep the service secure and prevent fraud.',
        ],
      },
      {
        heading: 'Your choices',
        points: [
          'Change your cookie preferences at any time on the Cookie Preferences page.',
          'Remove titles from your watch history in your profile.',
          'Ask us for a copy of your data or to delete your account at privacy@streamly.in.',
        ],
      },
    ],
  },
  termsOfUse: {
    title: 'Terms of Use',
    lead: 'By using Streamly you agree to these terms.',
    sections: [
      {
        heading: 'Who may use Streamly',
        points: [
          'You must be 18 years or older, or have the consent of a parent or guardian, to use Streamly.',
        ],
      },
      {
        heading: 'Your account',
        points: [
          'Your account is for you and the people in your household. Do not share it beyond your household.',
          'You are responsible for keeping your password safe.',
        ],
      },
      {
        heading: 'Content',
        points: [
          'Titles are licensed for personal, non-commercial viewing only.',
          'No unauthorized distribution: do not copy, record, re-stream or share the content.',
        ],
      },
      {
        heading: 'Payments',
        points: [
          'Prices are in Indian rupees and include applicable taxes.',
          'Purchases are permanent; rentals last 48 hours from first play.',
        ],
      },
    ],
  },
  contactUs: {
    title: 'Contact Us',
    lead: 'We are here to help with your account, billing or anything about Streamly.',
    sections: [
      {
        heading: 'Support',
        paragraphs: ['Email support@streamly.in. We answer within 24 hours, every day of the week.'],
      },
      {
        heading: 'Office',
        paragraphs: ['Streamly Media Private Limited, Residency Road, Bengaluru 560025, India.'],
      },
    ],
  },
} as const satisfies Record<string, CompanyPageContent>;
export type CompanyPageKey = keyof typeof companyPages;

export const companyStrings = {
  pages: companyPages,
  cookieTitle: 'Cookie Preferences',
  cookieLead:
    'Choose which optional cookies Streamly may use. Cookies needed to sign you in and keep you safe are always on.',
  analyticsLabel: 'Analytics cookies',
  analyticsHint: 'Help us understand which features people use so we can improve them.',
  marketingLabel: 'Marketing cookies',
  marketingHint: 'Let us show you Streamly offers on other sites.',
  savePreferences: 'Save preferences',
  preferencesSaved: 'Your cookie preferences have been saved.',
} as const;

import type { AdminGenres, Classification, ContentDescriptor, MovieAccess } from '@app/contracts';

/** One season of a demo series: its episodes' titles in order (runtimes are derived). */
export type DemoSeason = { title?: string; overview: string; airDate: string; episodes: string[] };

export type DemoSeries = {
  /** Stable key: the seed's ids derive from it, so a re-run matches what is there. */
  slug: string;
  title: string;
  description: string;
  genre: (typeof AdminGenres)[number];
  rating: number;
  access: MovieAccess;
  /** Its class and descriptors (issue 25): the six span every class, so each kind of profile has something. */
  classification: Classification;
  descriptors: ContentDescriptor[];
  language: string;
  creators: string[];
  cast: string[];
  firstAirDate: string;
  /** Orders Popular among the demo series. */
  popularity: number;
  /** Minutes of the first episode; the others vary a little around it. */
  runtimeMinutes: number;
  seasons: DemoSeason[];
};

/**
 * Where the demo episodes' intro starts and ends, in seconds. Inside even the shortest generated sample film
 * (20 s in tests), so "Skip intro" shows on every one and still leaves some film after it.
 */
export const DEMO_INTRO = { startSeconds: 5, endSeconds: 15 } as const;

/** Six made-up series across the admin genres, free and premium, two or three seasons each (issue 13). */
export const DEMO_SERIES: DemoSeries[] = [
  {
    slug: 'monsoon-files',
    title: 'The Monsoon Files',
    description: 'A Mumbai detective reopens the cold cases the rains washed away.',
    genre: 'Thriller',
    rating: 8.4,
    access: 'premium',
    classification: 'UA16',
    descriptors: ['violence', 'language'],
    language: 'hi',
    creators: ['Meera Kulkarni'],
    cast: ['Arjun Mehta', 'Kavya Iyer', 'Rohan Das'],
    firstAirDate: '2021-06-11',
    popularity: 9_400,
    runtimeMinutes: 46,
    seasons: [
      {
        overview: 'A body in the Mithi river and a file nobody signed.',
        airDate: '2021-06-11',
        episodes: ['First Rain', 'The Unsigned File', 'Low Tide', 'Flood Warning'],
      },
      {
        overview: 'The case reaches the port, and the port reaches back.',
        airDate: '2022-07-01',
        episodes: ['Harbour Lights', 'Container 17', 'Dry Docks', 'The Pilot Boat'],
      },
      {
        overview: 'One last monsoon, one last file.',
        airDate: '2023-06-30',
        episodes: ['Cloudburst', 'Evidence Room', 'The Long Night', 'After the Rain'],
      },
    ],
  },
  {
    slug: 'chai-and-code',
    title: 'Chai & Code',
    description: 'Four friends run a start-up from a tea stall in Bengaluru.',
    genre: 'Comedy',
    rating: 7.4,
    access: 'free',
    classification: 'UA7',
    descriptors: ['language'],
    language: 'en',
    creators: ['Siddharth Rao'],
    cast: ['Neha Sharma', 'Varun Pillai', 'Ishaan Bose', 'Tara Menon'],
    firstAirDate: '2022-01-14',
    popularity: 8_800,
    runtimeMinutes: 24,
    seasons: [
      {
        overview: 'The idea, the stall and the first investor.',
        airDate: '2022-01-14',
        episodes: ['Hello World', 'Cutting Chai', 'The Pitch', 'Demo Day', 'Ship It'],
      },
      {
        overview: 'Growth, hiring and a very expensive kettle.',
        airDate: '2023-01-20',
        episodes: ['Series A', 'The New Hire', 'Downtime', 'Pivot', 'Launch Party'],
      },
    ],
  },
  {
    slug: 'kingdom-of-dust',
    title: 'Kingdom of Dust',
    description: 'A desert princess fights to win back a throne built on sand.',
    genre: 'Action',
    rating: 8.1,
    access: 'premium',
    classification: 'UA13',
    descriptors: ['violence'],
    language: 'en',
    creators: ['Farhan Qureshi'],
    cast: ['Zara Khan', 'Vikram Singh', 'Anaya Kapoor'],
    firstAirDate: '2020-10-02',
    popularity: 7_900,
    runtimeMinutes: 52,
    seasons: [
      {
        overview: 'Exile, and the road back to Jaisalmer.',
        airDate: '2020-10-02',
        episodes: ['The Fallen Gate', 'Caravan', 'Sandstorm', 'The Oasis'],
      },
      {
        overview: 'The siege of the golden fort.',
        airDate: '2021-10-08',
        episodes: ['War Drums', 'The Wall', 'Night Raid', 'Crown of Dust'],
      },
    ],
  },
  {
    slug: 'last-lighthouse',
    title: 'The Last Lighthouse',
    description: 'A keeper on a lonely Konkan island hears the lamp call back.',
    genre: 'Horror',
    rating: 7.2,
    access: 'free',
    classification: 'A',
    descriptors: ['horror', 'violence'],
    language: 'en',
    creators: ['Ananya Ghosh'],
    cast: ['Dev Malhotra', 'Riya Sen'],
    firstAirDate: '2022-10-28',
    popularity: 6_100,
    runtimeMinutes: 38,
    seasons: [
      {
        overview: 'The new keeper arrives before the storm season.',
        airDate: '2022-10-28',
        episodes: ['The Keeper', 'Fog Signal', 'What the Tide Brings'],
      },
      {
        overview: 'The lamp is lit again, and someone answers.',
        airDate: '2023-10-27',
        episodes: ['Second Light', 'The Logbook', 'Dark Water'],
      },
    ],
  },
  {
    slug: 'harbour-lane',
    title: 'Harbour Lane',
    description: 'Three generations of a Kochi family share one house and too many secrets.',
    genre: 'Drama',
    rating: 7.8,
    access: 'free',
    classification: 'UA13',
    descriptors: ['language', 'substances'],
    language: 'ml',
    creators: ['Joseph Mathew'],
    cast: ['Lakshmi Nair', 'Thomas Varghese', 'Maya Joseph'],
    firstAirDate: '2019-08-15',
    popularity: 5_600,
    runtimeMinutes: 42,
    seasons: [
      {
        overview: 'A homecoming nobody asked for.',
        airDate: '2019-08-15',
        episodes: ['Homecoming', 'The Spice Room', 'Onam'],
      },
      {
        overview: 'The house is up for sale.',
        airDate: '2020-08-20',
        episodes: ['For Sale', 'Old Letters', 'The Boat Race'],
      },
      {
        overview: 'What the family keeps, and what it lets go.',
        airDate: '2021-08-19',
        episodes: ['Monsoon Wedding', 'The Will', 'Harbour Lights'],
      },
    ],
  },
  {
    slug: 'second-innings',
    title: 'Second Innings',
    description: 'A retired cricketer coaches a village team to the state final.',
    genre: 'Drama',
    rating: 8.6,
    access: 'premium',
    classification: 'U',
    descriptors: [],
    language: 'hi',
    creators: ['Rahul Verma'],
    cast: ['Aditya Rao', 'Pooja Bhatt', 'Kabir Sethi'],
    firstAirDate: '2023-03-17',
    popularity: 9_900,
    runtimeMinutes: 44,
    seasons: [
      {
        overview: 'A dusty pitch and eleven players who never met.',
        airDate: '2023-03-17',
        episodes: ['Toss', 'Net Practice', 'The Local Derby', 'Rain Stops Play'],
      },
      {
        overview: 'The road to the state final.',
        airDate: '2024-03-22',
        episodes: ['Powerplay', 'Tail-Enders', 'Super Over', 'The Final Over'],
      },
    ],
  },
];

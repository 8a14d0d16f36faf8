// The shell area of the English catalogue (see ../messages.ts): the menus' and the user menu's words.
// The web loads it with the account's pages (apps/web/src/i18n/areas/account.ts), the server
// through `messages`.
export const shellMessages = {
  menu: {
    home: "Home",
    explore: "Explore",
    solutions: "Solutions",
    resources: "Resources",
    pricing: "Pricing",
    contactUs: "Contact us",
    signIn: "Sign in",
    create: "Create",
    createSpace: "Create Space",
  },
  resourcesMenu: {
    faq: "FAQ",
    guides: "Guides",
    videoTutorials: "Video tutorials",
    glossary: "Glossary",
  },
  solutionsMenu: {
    byIndustry: "By industry",
    byFunction: "By function",
    edtech: "Edtech and learning",
    museums: "Museums",
    retail: "Retail",
    events: "Events",
    corporate: "Corporate",
    art: "Art",
    marketing: "Marketing",
  },
  userMenu: {
    profile: "Profile",
    spaces: "Spaces",
    districts: "Districts",
    myLibrary: "My Library",
    connections: "Connections",
    activity: "Activity",
    wallet: "Wallet",
    settings: "Settings",
    // Atrium wording: the wizard's entry for Pro users
    createDistrict: "Create a District",
    addToDistrict: "Add slots and premade spaces",
    logOut: "Log Out",
  },
} as const;

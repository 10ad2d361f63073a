/**
 * Every user-facing text, once, keyed by id. English is the spec's wording, typos included
 * ("occured", "sucessfully"): the spec is the contract. A second language is a second catalogue
 * of the same shape.
 */
export const en = {
  appName: "Sideline",
  appTagline: "The social network for sport: athletes, agents, coaches, scouts, trainers, referees and fans.",
  footerText: "A sport social networking site for athletes, agents, and fanatics to connect.",
  about: "About",
  aboutTitle: "About Sideline",
  aboutBody:
    "Sideline is a self-hostable social network for sport. Athletes, agents, coaches, scouts, trainers, referees and fans keep a sports profile, connect, follow each other, post, message and decide who sees what.",
  close: "Close",
  appPreviewTitle: "Sideline on your phone",
  appPreviewBody: "Our mobile apps are coming soon. Here is a preview of what they will look like.",
  appStoreApple: "Download on the App Store (coming soon)",
  appStoreGoogle: "Get it on Google Play (coming soon)",
  comingSoon: "Coming soon",

  // Fields
  email: "Email",
  password: "Password",
  reEnterPassword: "Re-enter Password",
  firstName: "First Name",
  lastName: "Last Name",
  gender: "Gender",
  birthDate: "Birth Date",
  month: "Month",
  day: "Day",
  year: "Year",
  profileType: "Profile Type",
  resetCode: "Reset Code",
  newPassword: "New Password",
  select: "Select",

  // Login (section 2, 5, 8)
  login: "Log in",
  loggingIn: "Logging. Please wait...",
  forgotPassword: "Forgot Password",
  signUp: "Sign up",
  noAccountYet: "New to Sideline?",
  loginNotFound:
    "Sorry, we could not find your account. Please double-check your credential. Or if you recently signed up, please check your email to complete the registration.",
  loginDeactivated: "Your account was deactivated recently or sometime ago. To re-activate your account, please",
  clickHere: "click here",

  // Register
  registerTitle: "Create your account",
  createAccount: "Create Account",
  signIn: "Sign in",
  recoverPassword: "Recover Password",
  acceptTermsPrefix: "I have read and accept the",
  termsOfUse: "Terms of Use",
  existingEmail:
    "The email you entered already exists on the product. You may have already created an account. Try to recover the password or use a different email!",
  tooYoung: "You must be at least 15 years old to join.",
  termsRequired: "Please accept the Terms of Use.",

  // Validation (section 5)
  validEmailRequired: "Valid email is required.",
  passwordRequired: "Password is required.",
  firstNameIsRequired: "First name is required.",
  lastNameIsRequired: "Last name is required.",
  passwordMinRegister: "Password must at least be 5 characters.",
  reEnterRequired: "Re-enter Password is required.",
  reEnterMustMatch: "Re-enter password must match password.",
  genderRequired: "Gender is required.",
  birthDateRequired: "Month, day, and year is required.",
  birthDateInvalid: "Please choose a real date.",
  profileTypeRequired: "Profile type is required.",
  resetCodeRequired: "Reset code is required.",
  passwordTooLong: "Password must be 128 characters or fewer.",

  // Confirm register
  confirmRegisterTitle: "Check your e-mail",
  confirmRegisterBody: "We have sent a confirmation e-mail to",
  confirmRegisterHint:
    "Open it and follow the link to complete your registration. If it has not arrived in a few minutes, check your junk or spam folder.",

  // Complete registration
  welcomeBack: "Welcome Back",
  completeThanks: "Thank you for confirming your e-mail address. One last step and your account is ready.",
  completeAcknowledge: "Please acknowledge that you have read and agree to the",
  completeSubmit: "Complete Registration",
  newUserNotFound: "New User Not Found Error",
  newUserNotFoundBody:
    "We could not verify you as a new user. Please check your e-mail and respond to the message we sent you, or register again to receive a new one.",

  // Forgot / reset / change password
  forgotTitle: "Forgot your password?",
  forgotIntro: "Enter the e-mail address of your account and we will send you a code to reset your password.",
  resetPassword: "Reset Password",
  createNewAccount: "Create new account",
  backToLogin: "Back to login",
  resetCodeTitle: "Enter your reset code",
  resetCodeSentTo: "We have sent a reset code to",
  resetCodeAdvice:
    "Please check your junk or spam folder if you do not see it in your inbox, and be patient: it can take a few minutes to arrive.",
  pleaseWait: "Please wait...",
  resetCodeInvalid: "The code entered is invalid or expired. Try again or,",
  toGetNewCode: "to get a new code",
  changePassword: "Change Password",
  changePasswordTitle: "Choose a new password",
  passwordGuidance:
    "Use 5 to 12 characters: letters and numbers (punctuation is allowed too). Passwords are case-sensitive.",
  signInExisting: "Sign in existing account",
  changePasswordFailed: "An unexpected error occured. Please try again.",
  resetDoneTitle: "Password reset",
  resetDoneBody: "Your password was reset successfully.",
  loginNow: "Log in now",

  // Reactivate
  reactivateTitle: "Reactivate your account",
  reactivateIntro: "Enter the e-mail address and password of your deactivated account.",
  reactivate: "Reactivate",
  incorrectCombination: "Incorrect Email/Password combination.",
  incorrectCombinationBody:
    "The password and email address you entered don't match. Passwords are case sensitive, so remember to check your CAPS lock key.",
  welcomeBackTitle: "Welcome back!",
  welcomeBackBody: "Your account is active again. Your profile, contacts and messages are just as you left them.",

  // Errors page
  errorTitle: "Oops! Something went wrong",
  errorHttp: "Please check your internet connection or WIFI settings and then try again.",
  errorBadToken: "It looks like your session may have timed out.",
  errorBadTokenLink: "Log in again",
  errorGeneral: "We are going to fix it up and and have things back to normal soon. Please try again a bit later.",
  returnToHome: "Return to Home",
  notFoundPage: "We could not find that page.",

  // Navbar and layout
  home: "Home",
  contacts: "Contacts",
  messenger: "Messages",
  searchPlaceholder: "Search by name, sport, or profile type...",
  searchLabel: "Search members",
  viewProfile: "View Profile",
  editProfile: "Edit Profile",
  accountSettings: "Account Settings",
  privacySettings: "Privacy Settings",
  logout: "Logout",
  siteGuide: "Site Guide",
  suggestedForYou: "Suggested for you",
  siteGuideEmpty: "Tips on using Sideline will appear here.",
  suggestionsEmpty: "Suggestions will appear here as the network grows.",
  toggleColorScheme: "Switch light or dark theme",
  openMenu: "Open navigation",
  homeWelcome: "Welcome to Sideline",
  homeIntro: "Your feed, recent news and posts from your network will appear here.",

  // Photo upload (section 5) and media (section 8)
  uploadFileRequired: "Upload file is required. Please choose a file!",
  uploadFileTypes: "Only image file types .jpg, .png, .svg, and .gif are allowed!",
  uploadFileTooBig: "The chosen image file size is too big! Only file size of 3 megabytes or less allowed.",
  uploadFileUnreadable: "The chosen image could not be read: it may be damaged or too large in pixels. Please choose another file.",
  noPlaylists: "No youtube playlist were found for this member.",
  noVideos: "No videos found.",
  photoTokenRetired:
    "Sideline does not exchange tokens with the photo service (its token exchange was retired by the provider). Sideline links to the member's public photo account instead: see member/GetInstagramURL.",

  // Profile (sections 2, 5, 8)
  firstNameRequired: "First name required.",
  lastNameRequired: "Last name required.",
  titleRequired: "Title required.",
  sportRequired: "The sport you play is required.",
  currentStatusRequired: "Your current status required.",
  birthDateRequiredProfile: "Birth date required.",
  birthDateFuture: "A birth date cannot be in the future.",
  stateRequired: "State is required.",
  schoolRequired: "School is required.",
  majorRequired: "Major required.",
  degreeRequired: "Degree is required.",
  yearRequired: "Year is required.",
  competitionLevelRequired: "Competition level is required.",
  instagramUrlRequired: "Instagram URL is required.",
  channelIdRequired: "Channel ID is required.",

  // Generic
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  somethingWrong: "Something went wrong. Try again later!",
} as const;

export type TextId = keyof typeof en;
export const texts: Record<TextId, string> = en;

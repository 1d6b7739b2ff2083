/**
 * {@link FirebaseAuthApi} from the `firebase` package (modular SDK), for the
 * login page with a real project. Imported with `import()` when a visitor
 * submits the form, so no other page, nor the login page's first load,
 * carries the SDK. The SDK keeps no session of its own (in-memory
 * persistence, signed out after the exchange): the site's session is the
 * server's cookie (docs/decisions/0020-server-side-sessions.md).
 */
import {
  type FirebaseAuthApi,
  type FirebaseWebConfig,
  RECAPTCHA_CONTAINER_ID,
  type SecondFactorChallenge,
} from "./firebase-web-sign-in";

let loaded: Promise<FirebaseAuthApi> | undefined;

/**
 * The SDK for `config`, loaded once per page.
 * @throws (rejects) when the SDK's modules cannot be loaded.
 */
export function loadFirebaseAuthApi(config: FirebaseWebConfig): Promise<FirebaseAuthApi> {
  loaded ??= createApi(config).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function createApi(config: FirebaseWebConfig): Promise<FirebaseAuthApi> {
  const [{ initializeApp }, sdk] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  let appCheckToken = async (): Promise<string | null> => null;
  if (config.appCheckSiteKey) {
    const appCheck = await import("firebase/app-check");
    const instance = appCheck.initializeAppCheck(app, {
      provider: new appCheck.ReCaptchaEnterpriseProvider(config.appCheckSiteKey),
      isTokenAutoRefreshEnabled: false,
    });
    appCheckToken = async () => (await appCheck.getToken(instance, false)).token;
  }
  const auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence });
  auth.languageCode = "pt-BR";

  const secondFactor = (error: unknown): SecondFactorChallenge => {
    const resolver = sdk.getMultiFactorResolver(auth, error as Parameters<typeof sdk.getMultiFactorResolver>[1]);
    const hint =
      resolver.hints.find((info) => info.factorId === sdk.TotpMultiFactorGenerator.FACTOR_ID) ?? resolver.hints[0];
    if (!hint) throw Object.assign(new Error("no second factor"), { code: "auth/internal-error" });
    if (hint.factorId === sdk.TotpMultiFactorGenerator.FACTOR_ID) {
      return {
        factor: "totp",
        label: hint.displayName || "aplicativo autenticador",
        send: async () => undefined,
        async resolve(code) {
          const assertion = sdk.TotpMultiFactorGenerator.assertionForSignIn(hint.uid, code);
          return (await resolver.resolveSignIn(assertion)).user.getIdToken();
        },
      };
    }
    let verificationId = "";
    const phone = (hint as { phoneNumber?: string }).phoneNumber ?? "";
    return {
      factor: "phone",
      label: phone || hint.displayName || "telefone cadastrado",
      async send() {
        const verifier = new sdk.RecaptchaVerifier(auth, RECAPTCHA_CONTAINER_ID, { size: "invisible" });
        try {
          verificationId = await new sdk.PhoneAuthProvider(auth).verifyPhoneNumber(
            { multiFactorHint: hint, session: resolver.session },
            verifier,
          );
        } finally {
          verifier.clear();
        }
      },
      async resolve(code) {
        const credential = sdk.PhoneAuthProvider.credential(verificationId, code);
        const assertion = sdk.PhoneMultiFactorGenerator.assertion(credential);
        return (await resolver.resolveSignIn(assertion)).user.getIdToken();
      },
    };
  };

  return {
    async signIn(email, password) {
      return (await sdk.signInWithEmailAndPassword(auth, email, password)).user.getIdToken();
    },
    secondFactor,
    appCheckToken,
    signOut: () => sdk.signOut(auth),
  };
}

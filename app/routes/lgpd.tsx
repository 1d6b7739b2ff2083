/**
 * `/lgpd` (docs/spec.txt §2 "privacy-law page", layout default; docs/product.md
 * "/lgpd"): the privacy policy in plain pt-BR, built from the agency profile
 * (`/admin/imobiliaria`): the controller (razão social, CNPJ, address), the
 * encarregado (LGPD art. 41), what each form and the broker area collect, the
 * purposes and legal bases (art. 7), sharing, the international transfer of
 * Firebase Authentication (art. 33), retention, the holder's rights (art. 18,
 * I–IX) and a form to exercise them: a lead of kind `lgpd` through
 * `handleLgpdRequestForm` (the contact forms' spam defence and answers, a
 * single-use form token, no-JS redirect to `/obrigado?assunto=lgpd`), with a
 * fixed-text receipt e-mailed to the holder under a per-address daily cap
 * (docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md). The
 * page is never stored in a shared cache: each visitor gets the form's own
 * token. Above "Seus direitos", the cookie preferences (`#cookies`): the
 * same choice as the consent banner, changeable at any time
 * (docs/decisions/0029-consent-and-google-analytics.md).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { getAgencyProfile } from "~/.server/agency";
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from "~/.server/auth/session";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";
import { handleLgpdRequestForm } from "~/.server/privacy/request-form";
import { getTheme } from "~/.server/theme";
import { COOKIE_PREFERENCES_ID, CookiePreferences, SiteCookieList } from "~/components/consent-banner";
import { LeadForm } from "~/components/lead-form";
import { addressLines } from "~/lib/agency";
import { publicPageHeaders } from "~/lib/cache-control";
import { pageMeta } from "~/lib/meta";
import { ABOUT_PATH, LGPD_PATH } from "~/lib/paths";
import { formatPhone } from "~/lib/phone";
import { useRootData } from "~/lib/root-data";
import { container } from "~/styles/ui.css";
import * as s from "./lgpd.css";
import { COLLECTED_DATA, PURPOSES, SHARED_WITH, type TermItem } from "./lgpd-terms";

/** Anchor of the request form. */
const FORM_ID = "solicitacao-lgpd";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The agency profile, the site title, the session lifetimes (days) and the
 * form's tokens; `private, no-store`, as the form token is single-use.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agency = await getAgencyProfile();
  const theme = getTheme();
  return data(
    {
      title: theme.title,
      canonicalUrl: `${siteOrigin(request)}${LGPD_PATH}`,
      agency: {
        ...agency,
        address: addressLines(agency),
        phoneText: agency.phone ? formatPhone(agency.phone) : null,
      },
      sessionDays: { idle: Math.round(SESSION_IDLE_MS / DAY_MS), lifetime: Math.round(SESSION_LIFETIME_MS / DAY_MS) },
      leadForm: leadFormTokens(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The loader's cache policy (`private, no-store`), or an error's or the action's own. */
export const headers = publicPageHeaders;

/** The data-subject request form (a lead of kind `lgpd`, a receipt under the per-address cap). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleLgpdRequestForm(request, { clientIp: context.clientIp });
}

/** Title, description and canonical. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({
        title: `Política de privacidade (LGPD) | ${data.title}`,
        description: `Como a ${data.agency.legalName} trata os seus dados pessoais, os seus direitos pela LGPD e como exercê-los.`,
        canonicalUrl: data.canonicalUrl,
      })
    : [{ title: "Política de privacidade (LGPD)" }];

/** "Quem é o controlador dos seus dados": the agency's legal name, registrations, address and contacts. */
function ControllerSection({ agency }: { agency: ReturnType<typeof useLoaderData<typeof loader>>["agency"] }) {
  return (
    <PolicySection id="controlador" heading="Quem é o controlador dos seus dados">
      <address className={s.card} data-testid="lgpd-controlador">
        <strong>{agency.legalName}</strong>
        {agency.tradeName !== agency.legalName ? <span>Nome fantasia: {agency.tradeName}</span> : null}
        {agency.cnpj ? <span>CNPJ {agency.cnpj}</span> : null}
        {agency.creci ? <span>{agency.creci}</span> : null}
        {agency.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {agency.phoneText ? <span>Telefone: {agency.phoneText}</span> : null}
        {agency.email ? (
          <span>
            E-mail: <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </span>
        ) : null}
      </address>
    </PolicySection>
  );
}

/** The privacy policy and the request form. */
export default function LgpdPage() {
  const { agency, sessionDays, leadForm } = useLoaderData<typeof loader>();
  const googleAnalytics = Boolean(useRootData().consent.google);
  const dpoEmail = agency.dpoEmail ?? agency.email;
  const contactEmail = dpoEmail ? (
    <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>
  ) : (
    <a href={`#${FORM_ID}`}>o formulário desta página</a>
  );

  return (
    <div className={`${container} ${s.page}`}>
      <header className={s.section}>
        <h1 className={s.title}>Política de privacidade</h1>
        <p>
          Esta página explica, de forma simples, quais dados pessoais a {agency.tradeName} trata neste site, para quê,
          com quem compartilha, por quanto tempo guarda e como você exerce os seus direitos pela Lei Geral de Proteção
          de Dados Pessoais (LGPD, Lei nº 13.709/2018).
        </p>
      </header>

      <ControllerSection agency={agency} />

      <PolicySection id="encarregado" heading="Encarregado pelo tratamento de dados (DPO)">
        <p data-testid="lgpd-encarregado">
          {agency.dpoName ? (
            <>
              O encarregado é <strong>{agency.dpoName}</strong>
              {dpoEmail ? (
                <>
                  , pelo e-mail <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>
                </>
              ) : null}
              .
            </>
          ) : (
            <>O canal do encarregado é {contactEmail}.</>
          )}{" "}
          Ele recebe as suas reclamações e pedidos, presta esclarecimentos e fala com a Autoridade Nacional de Proteção
          de Dados (LGPD, art. 41).
        </p>
      </PolicySection>

      <PolicySection id="dados-coletados" heading="Quais dados coletamos">
        <TermList items={COLLECTED_DATA} />
      </PolicySection>

      <PolicySection id="finalidades" heading="Para que usamos e com qual base legal">
        <TermList items={PURPOSES} />
        <p>Não vendemos os seus dados e não os usamos para decisões automatizadas.</p>
      </PolicySection>

      <PolicySection id="compartilhamento" heading="Com quem compartilhamos">
        <TermList items={SHARED_WITH} />
        <p>
          Esses fornecedores tratam os dados em nosso nome, só para essas finalidades. Também podemos compartilhar dados
          quando uma lei ou uma autoridade exigir.
        </p>
      </PolicySection>

      <PolicySection id="transferencia" heading="Transferência internacional">
        <p>
          O Firebase Authentication, do Google, pode guardar e processar os dados de acesso dos corretores em servidores
          fora do Brasil. Essa transferência segue a LGPD (art. 33), com as garantias contratuais oferecidas pelo Google
          para a proteção de dados.
        </p>
      </PolicySection>

      <PolicySection id="retencao" heading="Por quanto tempo guardamos">
        <ul className={s.list}>
          <li data-testid="lgpd-retencao-leads">
            <strong>Contatos (leads):</strong> {agency.leadRetentionMonths}{" "}
            {agency.leadRetentionMonths === 1 ? "mês" : "meses"} depois do envio; em seguida os dados pessoais são
            anonimizados.
          </li>
          <li data-testid="lgpd-retencao-alertas">
            <strong>Alertas de busca:</strong> enquanto estiverem ativos; um alerta não confirmado é apagado em 7 dias e
            um alerta cancelado, em 30 dias. Cada e-mail traz um link para cancelar com um clique e para ver, pausar ou
            excluir todos os seus alertas. Ao confirmar um alerta, registramos um contato (lead) com o e-mail e a busca,
            guardado como os demais contatos.
          </li>
          <li>
            <strong>Sessões da área do corretor:</strong> apagadas {sessionDays.idle} dias após o último uso ou{" "}
            {sessionDays.lifetime} dias após a entrada, o que vier primeiro, ou na saída.
          </li>
          <li>
            <strong>Registros de acesso:</strong> pelo menos 6 meses (Marco Civil da Internet, art. 15) e enquanto forem
            necessários para auditoria e segurança.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id={COOKIE_PREFERENCES_ID} heading="Cookies e preferências" testId="lgpd-cookies">
        <p>
          Os cookies do próprio site, listados abaixo, são só os necessários para ele funcionar
          {googleAnalytics ? "" : ", e por isso não pedimos consentimento"}.{" "}
          {googleAnalytics
            ? "Cookies de estatística do Google Analytics só são usados com o seu consentimento (LGPD, art. 7º, I), que você pode dar ou retirar a qualquer momento aqui; o Google recebe então dados de navegação (páginas vistas, navegador, região aproximada) e pode tratá-los fora do Brasil."
            : "Não usamos cookies de publicidade nem de estatística de terceiros."}
        </p>
        <p>
          Também contamos as visitas por conta própria, sem cookies e sem consentimento necessário (LGPD, art. 7º, IX,
          legítimo interesse): páginas e imóveis vistos, buscas, filtros, uso do mapa e das fotos, cliques no WhatsApp e
          formulários iniciados e enviados. Não guardamos IP nem identificadores do navegador; cada visitante é contado
          por um código que muda todos os dias e não pode ser ligado a ninguém. Os eventos ficam guardados por 13 meses
          e depois viram totais por dia. Navegadores com “Do Not Track” ou “Global Privacy Control” não enviam nada.
        </p>
        <p>
          Os imóveis que você salva em “Favoritos” ficam só no seu navegador (um cookie e o armazenamento local, por até
          1 ano): não guardamos essa lista nos nossos servidores. Para apagá-la, remova os favoritos ou limpe os dados
          do site no navegador.
        </p>
        <SiteCookieList />
        {googleAnalytics ? <CookiePreferences /> : null}
      </PolicySection>

      <PolicySection id="direitos" heading="Seus direitos">
        <p>Pela LGPD (art. 18), você pode pedir a qualquer momento:</p>
        <ol className={s.list} type="I">
          <li>a confirmação de que tratamos dados seus;</li>
          <li>o acesso aos seus dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
            desconformidade com a lei;
          </li>
          <li>a portabilidade dos dados a outro fornecedor;</li>
          <li>a eliminação dos dados tratados com o seu consentimento;</li>
          <li>a informação das entidades públicas e privadas com as quais compartilhamos os seus dados;</li>
          <li>a informação sobre a possibilidade de não dar consentimento e as consequências da negativa;</li>
          <li>a revogação do consentimento.</li>
        </ol>
        <p>
          Para exercer um direito, use o formulário abaixo ou escreva para {contactEmail}. Respondemos em até 15 dias
          (LGPD, art. 19, II) e podemos pedir uma confirmação da sua identidade antes de atender. Você também pode
          reclamar à Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </PolicySection>

      <LeadForm
        kind="lgpd"
        id={FORM_ID}
        tokens={leadForm}
        title="Fazer uma solicitação"
        intro="Conte o que você precisa. Enviamos um comprovante com o número do protocolo para o seu e-mail."
        submitLabel="Enviar solicitação"
      />

      <p className={s.muted}>
        Dúvidas sobre esta política? Fale com o encarregado ou veja <Link to={ABOUT_PATH}>quem somos</Link>.
      </p>
    </div>
  );
}

/** A list of the policy whose items start with a bold term. */
function TermList({ items }: { items: readonly TermItem[] }) {
  return (
    <ul className={s.list}>
      {items.map(([term, text]) => (
        <li key={term}>
          <strong>{term}</strong>
          {text}
        </li>
      ))}
    </ul>
  );
}

/** One section of the policy: a heading (`id` is its anchor and labels the section) and the content. */
function PolicySection(props: { id: string; heading: string; testId?: string; children: ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={props.id} data-testid={props.testId}>
      <h2 id={props.id} className={s.heading}>
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}

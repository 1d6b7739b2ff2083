/**
 * The lists of the privacy policy on `/lgpd` (`./lgpd.tsx`): what each form
 * or area collects, the purposes with their legal bases (LGPD art. 7) and
 * with whom data is shared. Plain pt-BR text, shown as `TermList`s.
 */

/** A `[term, text]` item of a term list: the term is shown in bold, then the text (which starts with its own space or punctuation). */
export type TermItem = readonly [term: string, text: string];

/** "Quais dados coletamos": each form or area and the data it collects. */
export const COLLECTED_DATA: readonly TermItem[] = [
  ["Quero vender meu imóvel:", " nome, telefone e a localização do imóvel."],
  ["Mais informações sobre um imóvel:", " código do imóvel, nome, telefone, e-mail e a sua mensagem."],
  ["Avise-me (condomínio):", " nome e e-mail ou telefone, e o condomínio de interesse."],
  [
    "Alertas de busca (“Criar alerta”):",
    " e-mail, o nome do alerta (se informado) e os filtros ou o texto da busca, para enviar um resumo diário de imóveis novos e preços reduzidos depois que você confirmar pelo link do e-mail.",
  ],
  [
    "Botão do WhatsApp:",
    " o código do imóvel, a página de onde você clicou e os parâmetros de campanha (UTM) do endereço. A conversa em si acontece no WhatsApp.",
  ],
  [
    "Solicitações desta página:",
    " nome, e-mail, telefone (se informado), o tipo de pedido e os detalhes que você escrever.",
  ],
  [
    "Área do corretor:",
    " e-mail de acesso, dados da sessão (início, último uso), endereço IP e navegador (User-Agent).",
  ],
  [
    "Registro de acesso a dados de proprietários:",
    " quando um corretor consulta dados de um proprietário, registramos quem consultou, qual imóvel, quando, o endereço IP e o navegador (LGPD, art. 37).",
  ],
  ["Segurança:", " o endereço IP de quem envia formulários, usado apenas para limitar envios automáticos (spam)."],
];

/** "Para que usamos e com qual base legal": each purpose and its legal basis (LGPD art. 7). */
export const PURPOSES: readonly TermItem[] = [
  [
    "Responder aos seus contatos",
    " (vender, mais informações, avise-me, WhatsApp): procedimentos preliminares a um contrato, a seu pedido (LGPD, art. 7º, V).",
  ],
  [
    "Enviar os alertas de busca que você pediu",
    ": consentimento, confirmado pelo link do e-mail e revogável a qualquer momento (LGPD, art. 7º, I, e art. 8º, § 5º).",
  ],
  ["Atender às solicitações de titulares", ": cumprimento de obrigação legal (LGPD, art. 7º, II, e art. 18)."],
  [
    "Segurança do site e da área do corretor",
    " (sessões, registros de acesso, limite de envios): legítimo interesse (LGPD, art. 7º, IX), e o registro das operações exigido pelo art. 37.",
  ],
  [
    "Guarda de registros de acesso à aplicação",
    ": obrigação legal (Marco Civil da Internet, Lei nº 12.965/2014, art. 15; LGPD, art. 7º, II).",
  ],
];

/** "Com quem compartilhamos": each recipient and what it receives. */
export const SHARED_WITH: readonly TermItem[] = [
  [
    "Vista (CRM imobiliário):",
    " os pedidos de contato sobre imóveis são registrados no nosso sistema de gestão para que um corretor atenda.",
  ],
  ["Provedor de e-mail:", " os contatos chegam à nossa caixa de entrada e ao corretor responsável por e-mail."],
  ["Firebase Authentication (Google):", " guarda o e-mail e a senha de acesso dos corretores."],
  ["Hospedagem:", " o provedor onde o site e o banco de dados funcionam."],
];

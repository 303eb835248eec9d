import type { Random } from '../random.ts';

export type GeneratedLanguage = 'en' | 'de' | 'fr' | 'pt-br';

/** Small vocabularies: enough for text that reads like its language and differs between languages. */
const vocabulary: Record<GeneratedLanguage, string[]> = {
  en: (
    'content team translation release customer product feature update guide market page story editor ' +
    'simple fast secure global local brand voice quality review launch campaign season offer support ' +
    'account price plan service growth design system workflow partner community event report insight ' +
    'improve discover build share create manage publish deliver connect measure explore learn start'
  ).split(' '),
  de: (
    'Inhalt Team Übersetzung Version Kunde Produkt Funktion Neuigkeit Leitfaden Markt Seite Geschichte ' +
    'einfach schnell sicher global lokal Marke Stimme Qualität Prüfung Start Kampagne Angebot Hilfe ' +
    'Konto Preis Tarif Dienst Wachstum Gestaltung Ablauf Partner Veranstaltung Bericht verbessern ' +
    'entdecken bauen teilen erstellen verwalten veröffentlichen liefern verbinden messen lernen'
  ).split(' '),
  fr: (
    'contenu équipe traduction version client produit fonction nouveauté guide marché page histoire ' +
    'simple rapide sûr mondial local marque voix qualité revue lancement campagne offre aide compte ' +
    'prix forfait service croissance conception processus partenaire événement rapport améliorer ' +
    'découvrir construire partager créer gérer publier livrer connecter mesurer apprendre'
  ).split(' '),
  'pt-br': (
    'conteúdo equipe tradução versão cliente produto recurso novidade guia mercado página história ' +
    'simples rápido seguro global local marca voz qualidade revisão lançamento campanha oferta ajuda ' +
    'conta preço plano serviço crescimento design fluxo parceiro evento relatório melhorar descobrir ' +
    'construir compartilhar criar gerenciar publicar entregar conectar medir aprender'
  ).split(' '),
};

export function words(r: Random, lang: GeneratedLanguage, count: number): string[] {
  return Array.from({ length: count }, () => r.pick(vocabulary[lang]));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function title(r: Random, lang: GeneratedLanguage, min = 2, max = 6): string {
  return capitalize(words(r, lang, r.int(min, max)).join(' '));
}

export function sentence(r: Random, lang: GeneratedLanguage, min = 5, max = 14): string {
  return `${capitalize(words(r, lang, r.int(min, max)).join(' '))}.`;
}

export function paragraph(r: Random, lang: GeneratedLanguage, sentences = 3): string {
  return Array.from({ length: r.int(1, sentences) }, () => sentence(r, lang)).join(' ');
}

/** Same number of words in another language: how a translation of a text leaf looks to a length check. */
export function retell(r: Random, lang: GeneratedLanguage, text: string): string {
  const count = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  const out = words(r, lang, count).join(' ');
  const leading = /^\s/.test(text) ? ' ' : '';
  const trailing = /\s$/.test(text) ? ' ' : '';
  const end = /([.!?:])\s*$/.exec(text)?.[1] ?? '';
  return `${leading}${/^[A-ZÄÖÜ]/.test(text.trim()) ? capitalize(out) : out}${end}${trailing}`;
}

export function markdown(r: Random, lang: GeneratedLanguage): string {
  return [
    `## ${title(r, lang)}`,
    '',
    `${sentence(r, lang)} **${words(r, lang, 2).join(' ')}** ${words(r, lang, 3).join(' ')} ` +
      `[${words(r, lang, 2).join(' ')}](https://example.com/${r.pick(['docs', 'help', 'blog'])}) \`code_${r.int(1, 9)}\`.`,
    '',
    `- ${sentence(r, lang, 3, 6)}`,
    `- *${words(r, lang, 3).join(' ')}*`,
    '',
    `> ${sentence(r, lang)}`,
  ].join('\n');
}

export const languages: Array<{ code: Exclude<GeneratedLanguage, 'en'>; name: string }> = [
  { code: 'de', name: 'German' },
  { code: 'fr', name: 'French' },
  { code: 'pt-br', name: 'Portuguese (Brazil)' },
];

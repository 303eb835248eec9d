import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { glossaryTerm } from '../testing/story-editor-fixtures.tsx';
import { renderWithKit } from '../testing/render-kit.tsx';
import { GlossaryText } from './glossary-text.tsx';

const marked = () => Array.from(document.querySelectorAll('mark'), (mark) => mark.textContent);

describe('GlossaryText', () => {
  it('highlights the glossary terms found in the text', () => {
    renderWithKit(
      <GlossaryText
        text="Add it to your cart before checkout."
        terms={[glossaryTerm('cart', 'Warenkorb'), glossaryTerm('checkout', 'Kasse'), glossaryTerm('basket', 'Korb')]}
      />,
    );

    expect(marked()).toEqual(['cart', 'checkout']);
    expect(screen.getByText(/Add it to your/)).toHaveTextContent('Add it to your cart before checkout.');
  });

  it('shows a term’s translation and note on hover', async () => {
    const { user } = renderWithKit(
      <GlossaryText
        text="Your cart is empty"
        terms={[glossaryTerm('cart', 'Warenkorb', { description: 'Never “Einkaufswagen”' })]}
      />,
    );

    await user.hover(screen.getByText('cart', { selector: 'mark' }));

    await waitFor(() => expect(screen.getByText('Glossary: Warenkorb')).toBeVisible());
    expect(screen.getByText('Never “Einkaufswagen”')).toBeVisible();
  });

  it('matches whole words only, and the case when the term asks for it', () => {
    renderWithKit(
      <GlossaryText
        text="Polyblok carts: cart, CART and polyblok"
        terms={[glossaryTerm('cart', 'Warenkorb'), glossaryTerm('Polyblok', 'Polyblok', { case_sensitive: true })]}
      />,
    );

    expect(marked()).toEqual(['Polyblok', 'cart', 'CART']);
  });

  it('says to keep a do-not-translate term as it is', async () => {
    const { user } = renderWithKit(
      <GlossaryText
        text="Made with Storyblok"
        terms={[glossaryTerm('Storyblok', 'Storyblok', { do_not_translate: true })]}
      />,
    );

    await user.hover(screen.getByText('Storyblok', { selector: 'mark' }));

    await waitFor(() => expect(screen.getByText('Glossary: keep as it is')).toBeVisible());
  });
});

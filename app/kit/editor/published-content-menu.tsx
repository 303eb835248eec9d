import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { publishedContentUrl, type ContentVersion } from './published-link.ts';

export interface PublishedContentMenuProps {
  fullSlug: string;
  localeCode: string;
  previewToken: string | null;
  published: boolean;
  cdnBaseUrl: string;
}

/** The story as Storyblok's delivery API serves it in this language, draft or published, in a new tab. */
export function PublishedContentMenu({
  fullSlug,
  localeCode,
  previewToken,
  published,
  cdnBaseUrl,
}: PublishedContentMenuProps) {
  if (!previewToken) return null;
  const link = (version: ContentVersion) =>
    publishedContentUrl({ fullSlug, localeCode, previewToken, version, cdnBaseUrl });
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconExternalLink size={15} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Published content
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Published-content API, in {localeCode}</Menu.Label>
        <Menu.Item component="a" href={link('draft')} target="_blank" rel="noopener noreferrer">
          Draft version
        </Menu.Item>
        <Menu.Item
          component="a"
          href={link('published')}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!published}
        >
          Published version
          {!published && (
            <Text fz="xs" c="dimmed">
              Not published yet
            </Text>
          )}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

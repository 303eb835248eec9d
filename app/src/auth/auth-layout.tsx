import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '#kit/components/logo.tsx';
import { appConfig } from '../app-config.ts';
import { AuthIllustration } from './auth-illustration.tsx';
import classes from './auth-layout.module.css';

/** Spec section 2: two columns; the brand column only on wide screens, the form at most 400px wide. */
export function AuthLayout() {
  return (
    <Box className={classes.root}>
      <Box component="aside" className={classes.brand} visibleFrom="md">
        <Logo size={36} />
        <Stack gap="xl" align="center" className={classes.brandBody}>
          <AuthIllustration />
          <Stack gap={6} ta="center" maw={380}>
            <Title order={2} fz="h3">
              Translate Storyblok content, together
            </Title>
            <Text c="dimmed">Source beside target, AI drafts, verified by your team.</Text>
          </Stack>
        </Stack>
        <Group justify="space-between">
          <Anchor href={appConfig.marketingUrl} c="dimmed" fz="sm">
            ← Back to home
          </Anchor>
          <Text fz="sm" c="dimmed">
            Need help?{' '}
            <Anchor href={`mailto:${appConfig.supportEmail}`} fz="sm">
              {appConfig.supportEmail}
            </Anchor>
          </Text>
        </Group>
      </Box>
      <Box component="main" className={classes.formColumn}>
        <Box className={classes.form}>
          <Box hiddenFrom="md" mb="xl">
            <Logo size={32} />
          </Box>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

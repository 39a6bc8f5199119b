import { createContext, useContext, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Project } from '@replay/contracts';
import { PageLoader } from '../../components/PageLoader';
import { useSites } from './api';

export interface Site {
  /** The project the address names (the spec's {siteId}): what the screen's links keep. */
  siteId: string;
  /** The instance it belongs to: what the screen's calls are about. */
  instanceId: string;
  /** The project as the session's site list has it (its name, and its key for admins); null when the list does not hold it. */
  project: Project | null;
}

const SiteContext = createContext<Site | null>(null);

/**
 * The `/{siteId}/…` screens (alerts, errors, onboarding): the site in the address, found in
 * the session's site list, and its instance. An id the list does not hold (the list could not
 * be read, or a link older than projects) is taken as an instance's: an instance's default
 * project has the instance's id, and the instance's own calls then answer whether it exists.
 */
export default function SiteScope({ children }: { children: ReactNode }) {
  const { siteId = '' } = useParams();
  const sites = useSites();
  if (sites.isPending) return <PageLoader label="Loading project" />;
  const project = sites.data?.projects.find((p) => p.siteId === siteId) ?? null;
  return <SiteContext.Provider value={{ siteId, instanceId: project?.instanceId ?? siteId, project }}>{children}</SiteContext.Provider>;
}

/** The site of a screen rendered inside SiteScope. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs a SiteScope');
  return site;
}

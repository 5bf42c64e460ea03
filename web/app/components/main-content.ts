/** The id of every page's main landmark: the skip links of the site's and the workspace's frames lead to it. */
export const mainContentId = 'main-content'

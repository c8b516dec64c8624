/** An ordered tree node for the edit distances: only its children matter to them. */
export interface TreeNode {
  readonly kids: readonly TreeNode[]
}

/** Cost of renaming a node of the first tree to a node of the second; insert and delete cost 1. */
export type RenameCost<T extends TreeNode> = (a: T, b: T) => number

/** Tree edit distance function: trees, rename cost and an optional cheap lower bound of it. */
export type TreeDistance = <T extends TreeNode>(
  a: T,
  b: T,
  rename: RenameCost<T>,
  lowerBound?: RenameCost<T>,
) => number

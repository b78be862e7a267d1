/**
 * What Tabletop Simulator writes in its saves that @typed-tabletop-simulator/declaration 2.2.1
 * does not declare, added by declaration merging so that the export's saves are still checked
 * strictly for everything else. Each addition is a field or object kind TTS's own saves carry:
 *
 * - "HandTrigger" (a hand zone: a seat) and "FogOfWarTrigger" (a hidden zone) are the object
 *   Names TTS gives the zones of its Zone tools (TTS Knowledge Base, docs/game-tools/zone-tools.md);
 *   their `FogColor` is the player colour the zone belongs to; a hidden zone's options are
 *   `FogHidePointers`, `FogReverseHiding` and `FogSeethrough` (the zone's options menu).
 * - `PhysicsMaterial` and `Rigidbody` are the physics an object's Physics menu sets (friction,
 *   bounce, mass, drag), saved on the object.
 */

declare const enum ObjectName {
  HandTrigger = "HandTrigger",
  FogOfWarTrigger = "FogOfWarTrigger",
}

interface PhysicsMaterialData {
  StaticFriction: number;
  DynamicFriction: number;
  Bounciness: number;
  /** how two objects' values combine: 0 is the average (TTS's Knowledge Base and Unity agree on
   *  0 alone, the only value the export writes, and number the others differently) */
  FrictionCombine: 0 | 1 | 2 | 3;
  BounceCombine: 0 | 1 | 2 | 3;
}

interface RigidbodyData {
  Mass: number;
  Drag: number;
  AngularDrag: number;
  UseGravity: boolean;
}

interface ObjectData {
  /** the player colour a hand zone or hidden zone belongs to */
  FogColor?: string;
  FogHidePointers?: boolean;
  FogReverseHiding?: boolean;
  FogSeethrough?: boolean;
  PhysicsMaterial?: PhysicsMaterialData;
  Rigidbody?: RigidbodyData;
}

/**
 * A snap point of the table itself (the save's SnapPoints), with the Tags that TTS saves on
 * every snap point since snap points took tags; the declaration's SnapPoints type predates
 * them (its attached SnapPointData already has them). to_ts writes the save's SnapPoints
 * through `tableSnaps`, which checks each against this and hands them on as TTSSave's own.
 */
interface TableSnapPointData {
  Position: PositionData;
  Rotation: PositionData;
  Tags?: string[];
}
